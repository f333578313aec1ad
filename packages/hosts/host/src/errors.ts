// @dsh-pure
/** What the host core refuses or fails with (a tool's own failures are tool results, not these). */
export type HostErrorCode =
  | 'CONFIG_NOT_FOUND'
  | 'BOOT_FAILED'
  | 'NOT_AVAILABLE'
  | 'SHUTTING_DOWN'
  | 'TOO_MANY_CALLS'

const DEFAULT_MESSAGES: Record<HostErrorCode, string> = {
  CONFIG_NOT_FOUND: 'the composition file does not exist; pass an existing cordis.yml with --config FILE',
  BOOT_FAILED: 'the composition could not be loaded; the log lines on stderr name the failing entry',
  NOT_AVAILABLE: 'the seam this needs is not mounted; add its package to the composition',
  SHUTTING_DOWN: 'the host is shutting down and takes no new requests',
  TOO_MANY_CALLS: 'too many tool calls are in flight; wait for some to answer (or cancel them) and retry',
}

/** One error class for the host family; `code` is one of HostErrorCode. */
export class HostError extends Error {
  override name = 'HostError'
  constructor(readonly code: HostErrorCode, message = DEFAULT_MESSAGES[code], options?: { cause?: unknown }) {
    super(message, options)
  }
}
