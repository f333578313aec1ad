// @dsh-pure
/** Failures of the job tools themselves (the jobs service's own codes pass through). */
export type ToolJobsErrorCode = 'NO_AGENT'

const DEFAULT_MESSAGES: Record<ToolJobsErrorCode, string> = {
  NO_AGENT: 'job tools need an initiating agent; call them on behalf of an agent',
}

export class ToolJobsError extends Error {
  override name = 'ToolJobsError'
  constructor(readonly code: ToolJobsErrorCode, message = DEFAULT_MESSAGES[code], options?: { cause?: unknown }) {
    super(message, options)
  }
}
