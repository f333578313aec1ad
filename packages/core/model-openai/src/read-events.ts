import { ModelError, type ModelEvent } from 'dsh-model'
import { ChunkAssembler } from './chunk-assembler'
import { endpointMessage } from './http-failure'
import { ERROR_BODY_BYTES, fetchFailure, type OpenStream } from './open-stream'
import { readBodyText } from './read-body'
import { SseParser } from './sse-parser'

export interface ReadEventsInput {
  readonly url: string
  readonly timeoutMs: number
  readonly maxEventBytes: number
  readonly signal: AbortSignal
  readonly key: string | undefined
}

/** The end-of-stream sentinel of OpenAI-compatible streams. */
const DONE = '[DONE]'

/**
 * Read the event stream of a successful answer into seam events, chunk by chunk: the SSE
 * parser and the assembler bound what is buffered, the watchdog bounds each wait for data,
 * and leaving early (cancel, error, the consumer stopping) cancels the body.
 */
export async function* readEvents(open: OpenStream, input: ReadEventsInput): AsyncGenerator<ModelEvent> {
  const { response, watchdog } = open
  try {
    const type = response.headers.get('content-type') ?? ''
    if (type.includes('application/json')) {
      const body = await readBodyText(response, ERROR_BODY_BYTES)
      throw new ModelError('BAD_RESPONSE', `${input.url} answered one JSON document instead of an event stream (${endpointMessage(body, input.key)}); the endpoint must support "stream": true`)
    }
    if (!response.body) throw new ModelError('BAD_RESPONSE', `${input.url} answered with an empty body instead of an event stream`)
    const reader = response.body.getReader()
    const parser = new SseParser(input.maxEventBytes)
    const assembler = new ChunkAssembler(input.maxEventBytes)
    let done = false
    try {
      reading: for (;;) {
        watchdog.kick()
        let chunk: { done: true; value?: undefined } | { done: false; value: Uint8Array }
        try {
          chunk = await reader.read()
        } catch (error) {
          throw fetchFailure(error, input.signal, watchdog, input.url, input.timeoutMs, true)
        }
        if (chunk.done) break
        for (const event of parser.push(chunk.value)) {
          if (event.data === DONE) { done = true; break reading }
          yield* assembler.push(event.data)
        }
      }
      if (!done) {
        for (const event of parser.end()) {
          if (event.data === DONE) { done = true; break }
          yield* assembler.push(event.data)
        }
      }
      yield* assembler.end(done)
    } finally {
      reader.cancel().catch(() => {})
    }
  } finally {
    watchdog.stop()
  }
}
