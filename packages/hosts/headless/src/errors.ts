/** Failures of the headless host itself (not of a request: those are protocol responses). */
export type HeadlessErrorCode = 'CONFIG_NOT_FOUND' | 'BOOT_FAILED' | 'HOST_STOPPED'

const DEFAULT_MESSAGES: Record<HeadlessErrorCode, string> = {
  CONFIG_NOT_FOUND: 'the composition file does not exist; pass an existing cordis.yml with --config FILE',
  BOOT_FAILED: 'the composition could not be loaded; the log lines on stderr name the failing entry',
  HOST_STOPPED: 'the host has shut down; create a new host to serve more requests',
}

export class HeadlessError extends Error {
  override name = 'HeadlessError'
  constructor(readonly code: HeadlessErrorCode, message = DEFAULT_MESSAGES[code], options?: { cause?: unknown }) {
    super(message, options)
  }
}
