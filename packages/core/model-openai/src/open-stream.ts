import { setTimeout as sleep } from 'node:timers/promises'
import { cancelledError, ModelError } from 'dsh-model'
import { type FailureContext, httpFailure } from './http-failure'
import { readBodyText } from './read-body'
import { isRetryable, retryAfterMs, retryDelayMs } from './retry'
import { Watchdog } from './watchdog'

/** Most of an error answer's body read for its message (the rest is dropped). */
export const ERROR_BODY_BYTES = 16 * 1024

export interface OpenStreamInput {
  readonly url: string
  readonly body: string
  readonly key: string | undefined
  readonly apiKeyEnv: string | undefined
  readonly timeoutMs: number
  readonly maxRetries: number
  readonly maxRetryWaitMs: number
  readonly signal: AbortSignal
  readonly warn: (message: string) => void
}

/** A successful answer whose body is the event stream, with the watchdog guarding it. */
export interface OpenStream {
  readonly response: Response
  readonly watchdog: Watchdog
}

/** The ModelError of a fetch that threw: cancelled, timed out, or unreachable. */
export function fetchFailure(error: unknown, signal: AbortSignal, watchdog: Watchdog, url: string, timeoutMs: number, midStream: boolean): ModelError {
  if (signal.aborted) return cancelledError(signal)
  if (watchdog.expired) {
    return midStream
      ? new ModelError('UNAVAILABLE', `the stream from ${url} stalled: no data for ${timeoutMs} ms (timeoutMs); send the prompt again, or raise timeoutMs for a slow server`, { cause: error })
      : new ModelError('UNAVAILABLE', `${url} did not answer within ${timeoutMs} ms (timeoutMs); check that the server runs, or raise timeoutMs for a slow one`, { cause: error })
  }
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error
  const code = typeof cause === 'object' && cause !== null && 'code' in cause ? ` ${String((cause as { code: unknown }).code)}` : ''
  const why = cause instanceof Error ? cause.message : String(cause)
  return midStream
    ? new ModelError('UNAVAILABLE', `the connection to ${url} broke in the middle of the stream (${why.trim()}${code}); send the prompt again`, { cause: error })
    : new ModelError('UNAVAILABLE', `could not reach ${url} (${why.trim()}${code}); check baseUrl and that the server runs`, { cause: error })
}

/**
 * POST the request, retrying a 429 or 5xx answer at most `maxRetries` times after the wait
 * it asked for (retry-after) or a doubling backoff; a wait longer than `maxRetryWaitMs` is
 * not taken, the turn fails at once. Every wait is cancellable.
 */
export async function openStream(input: OpenStreamInput): Promise<OpenStream> {
  const { url, signal } = input
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream' }
  if (input.key !== undefined) headers.authorization = `Bearer ${input.key}`
  const context: FailureContext = { url, apiKeyEnv: input.apiKeyEnv, key: input.key }
  for (let attempt = 0; ; attempt++) {
    if (signal.aborted) throw cancelledError(signal)
    const watchdog = new Watchdog(input.timeoutMs)
    let response: Response
    try {
      response = await fetch(url, { method: 'POST', headers, body: input.body, signal: AbortSignal.any([signal, watchdog.signal]) })
    } catch (error) {
      watchdog.stop()
      throw fetchFailure(error, signal, watchdog, url, input.timeoutMs, false)
    }
    if (response.ok) return { response, watchdog }
    const text = await readBodyText(response, ERROR_BODY_BYTES)
    watchdog.stop()
    if (signal.aborted) throw cancelledError(signal)
    const asked = retryAfterMs((name) => response.headers.get(name), Date.now())
    const wait = retryDelayMs(attempt, asked)
    if (isRetryable(response.status) && attempt < input.maxRetries && wait <= input.maxRetryWaitMs) {
      input.warn(`${url} answered HTTP ${response.status}; retry ${attempt + 1} of ${input.maxRetries} in ${wait} ms`)
      try {
        await sleep(wait, undefined, { signal })
      } catch {
        throw cancelledError(signal)
      }
      continue
    }
    throw httpFailure(response.status, text, context, asked)
  }
}
