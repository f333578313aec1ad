// @dsh-pure
/** First backoff before a retry when the answer named no retry-after; doubled per attempt. */
export const RETRY_BASE_MS = 500

/** Statuses worth retrying: rate limiting, request timeout and server failures. */
export function isRetryable(status: number): boolean {
  return status === 429 || status === 408 || status >= 500
}

/**
 * The wait an answer asked for, in ms: `retry-after-ms` (OpenAI), else `retry-after` as
 * seconds or an HTTP date (relative to `now`). Undefined when absent or unreadable.
 */
export function retryAfterMs(header: (name: string) => string | null, now: number): number | undefined {
  const ms = header('retry-after-ms')
  if (ms !== null && /^\s*\d+(\.\d+)?\s*$/.test(ms)) return Math.ceil(Number(ms))
  const value = header('retry-after')
  if (value === null) return undefined
  if (/^\s*\d+(\.\d+)?\s*$/.test(value)) return Math.ceil(Number(value) * 1000)
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

/** The wait before retry number `attempt` (0-based): what the answer asked, else a doubling backoff. */
export function retryDelayMs(attempt: number, asked: number | undefined): number {
  return asked ?? RETRY_BASE_MS * 2 ** attempt
}
