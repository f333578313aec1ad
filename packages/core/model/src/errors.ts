// @dsh-pure
/**
 * Every failure of a model turn carries exactly one of these codes:
 * - AUTH: the endpoint refused the credentials (or the key's environment variable is unset);
 * - RATE_LIMITED: the endpoint asked to slow down; `retryAfterMs` says how long, when known;
 * - BAD_RESPONSE: the answer (or a script) could not be understood;
 * - UNAVAILABLE: the endpoint could not be reached, timed out, or failed (5xx);
 * - CANCELLED: the caller aborted the turn.
 */
export type ModelErrorCode = 'AUTH' | 'RATE_LIMITED' | 'BAD_RESPONSE' | 'UNAVAILABLE' | 'CANCELLED'

export const MODEL_ERROR_CODES: readonly ModelErrorCode[] = ['AUTH', 'RATE_LIMITED', 'BAD_RESPONSE', 'UNAVAILABLE', 'CANCELLED']

const DEFAULT_MESSAGES: Record<ModelErrorCode, string> = {
  AUTH: 'the model endpoint refused the credentials; check the API key environment variable',
  RATE_LIMITED: 'the model endpoint is rate limiting requests; wait and send the prompt again',
  BAD_RESPONSE: 'the model endpoint sent an answer that could not be understood; check baseUrl and model',
  UNAVAILABLE: 'the model endpoint could not be reached or failed; check baseUrl and that the server runs, then retry',
  CANCELLED: 'the model turn was cancelled',
}

export interface ModelErrorOptions {
  readonly cause?: unknown
  /** RATE_LIMITED: how long the endpoint asked to wait, when it said so. */
  readonly retryAfterMs?: number
}

export class ModelError extends Error {
  override name = 'ModelError'
  readonly retryAfterMs: number | undefined

  constructor(readonly code: ModelErrorCode, message = DEFAULT_MESSAGES[code], options: ModelErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.retryAfterMs = options.retryAfterMs
  }
}

/** The CANCELLED error of an aborted signal, carrying its reason. */
export function cancelledError(signal: AbortSignal): ModelError {
  const reason = signal.reason instanceof Error ? signal.reason.message : signal.reason === undefined ? '' : String(signal.reason)
  return new ModelError('CANCELLED', reason ? `the model turn was cancelled (${reason})` : DEFAULT_MESSAGES.CANCELLED, { cause: signal.reason })
}
