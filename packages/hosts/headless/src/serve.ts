import type { Readable, Writable } from 'node:stream'
import type { HeadlessHost } from './host'
import { leadingId } from './leading-id'
import { LineSplitter, MAX_LINE_LENGTH } from './line-splitter'
import { encodeLine, failure, type JobCompletedEvent, type Response } from './protocol'

/** One output line; a value JSON cannot encode (a BigInt, a cycle) becomes an INTERNAL answer. */
function encodeSafely(message: Response | JobCompletedEvent): string {
  try {
    return encodeLine(message)
  } catch (error) {
    const id = 'id' in message ? message.id : null
    return encodeLine(failure(id, 'INTERNAL', `the answer could not be encoded as JSON (${error instanceof Error ? error.message : String(error)})`))
  }
}

/**
 * Serve the protocol over a pair of streams: one request per input line, one response or
 * event per output line. Input is paused while output is backed up (bounded memory).
 * Resolves once the host has shut down (a shutdown request, input EOF, or host.shutdown())
 * and every answer has been written.
 */
export function serve(host: HeadlessHost, input: Readable, output: Writable): Promise<void> {
  const splitter = new LineSplitter(MAX_LINE_LENGTH)
  const pending = new Set<Promise<void>>()
  let ended = false
  let finish: () => void = () => {}
  const finished = new Promise<void>((resolve) => { finish = resolve })

  const write = (message: Response | JobCompletedEvent) => {
    if (output.writableEnded || output.destroyed) return
    if (!output.write(encodeSafely(message)) && !input.isPaused()) {
      input.pause()
      output.once('drain', () => { if (!ended) input.resume() })
    }
  }
  const unsubscribe = host.onEvent(write)

  const end = async () => {
    if (ended) return
    ended = true
    input.off('data', onData)
    input.pause()
    await host.shutdown().catch(() => {})
    await Promise.allSettled(pending)
    unsubscribe()
    finish()
  }

  const track = (answer: Promise<Response>) => {
    const task = answer.then(write)
    pending.add(task)
    void task.finally(() => pending.delete(task))
  }

  const onLine = (text: string) => {
    if (!ended) track(host.handleLine(text))
  }

  function onData(chunk: string) {
    for (const item of splitter.push(chunk)) {
      if (item.kind === 'line') onLine(item.text)
      else write(failure(leadingId(item.head), 'BAD_REQUEST', `a request line of ${item.length} characters is longer than the limit of ${MAX_LINE_LENGTH}; it was ignored`))
    }
  }

  input.setEncoding('utf8')
  input.on('data', onData)
  input.once('end', () => {
    for (const item of splitter.end()) if (item.kind === 'line') onLine(item.text)
    void end()
  })
  input.once('error', () => { void end() })
  // the reader went away (EPIPE): nobody can see answers any more, so shut down
  output.once('error', () => { void end() })
  // a shutdown request (or host.shutdown()) ends serving once every answer is written
  void host.stoppingStarted.then(end)
  return finished
}
