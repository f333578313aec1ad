// @dsh-pure
import { ModelError } from 'dsh-model'
import { describeJson } from './describe-json'

/** What an error message may say about the request (never the key's value). */
export interface FailureContext {
  readonly url: string
  readonly apiKeyEnv: string | undefined
  /** The key, only to redact it should the endpoint echo it back. */
  readonly key: string | undefined
}

/** Replace every occurrence of the key in a text a peer sent. */
export function redact(text: string, key: string | undefined): string {
  return key && key.length >= 4 ? text.split(key).join('<redacted>') : text
}

/** The endpoint's own explanation from an error body (`{error: {message}}` and kin), bounded and redacted. */
export function endpointMessage(body: string, key: string | undefined): string {
  let message: string | undefined
  try {
    const parsed: unknown = JSON.parse(body)
    if (typeof parsed === 'object' && parsed !== null) {
      const p = parsed as { error?: unknown; message?: unknown; detail?: unknown }
      const e = p.error
      if (typeof e === 'string') message = e
      else if (typeof e === 'object' && e !== null && typeof (e as { message?: unknown }).message === 'string') message = (e as { message: string }).message
      else if (typeof p.message === 'string') message = p.message
      else if (typeof p.detail === 'string') message = p.detail
    }
  } catch { /* not JSON: quote the text */ }
  const text = redact((message ?? body).trim(), key)
  return text === '' ? '(no explanation)' : describeJson(text)
}

/** The ModelError for an HTTP error answer (retries already spent or not applicable). */
export function httpFailure(status: number, body: string, context: FailureContext, retryAfter?: number): ModelError {
  const said = endpointMessage(body, context.key)
  if (status === 401 || status === 403) {
    const next = context.apiKeyEnv
      ? `check that the environment variable ${context.apiKeyEnv} holds a valid key for this endpoint`
      : 'this endpoint needs a key: set apiKeyEnv to the name of the environment variable that holds it'
    return new ModelError('AUTH', `${context.url} refused the request (HTTP ${status}: ${said}); ${next}`)
  }
  if (status === 429) {
    const wait = retryAfter === undefined ? 'wait a little' : `wait ${Math.ceil(retryAfter / 1000)} s`
    return new ModelError('RATE_LIMITED', `${context.url} is rate limiting (HTTP 429: ${said}); ${wait} and send the prompt again`, retryAfter === undefined ? {} : { retryAfterMs: retryAfter })
  }
  if (status === 408 || status >= 500) {
    return new ModelError('UNAVAILABLE', `${context.url} failed (HTTP ${status}: ${said}); retry later or check the server`)
  }
  if (status === 404) {
    return new ModelError('BAD_RESPONSE', `${context.url} answered HTTP 404 (${said}); check baseUrl (the part before /chat/completions) and the model name`)
  }
  return new ModelError('BAD_RESPONSE', `${context.url} rejected the request (HTTP ${status}: ${said}); check the model name and that the endpoint supports streaming tool calls`)
}
