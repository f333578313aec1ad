// @dsh-pure
/** Failures of the terminal tools themselves (the session service has its own TerminalError). */
export type TerminalToolErrorCode = 'NO_AGENT' | 'BACKGROUND_DISABLED' | 'NO_JOBS' | 'INVALID_RESULT'

const DEFAULT_MESSAGES: Record<TerminalToolErrorCode, string> = {
  NO_AGENT: 'terminal tools require an initiating agent',
  BACKGROUND_DISABLED:
    'run_in_background is disabled for this deployment (tool-terminal enableRunInBackground: false); send without it and the call waits for the terminal',
  NO_JOBS:
    'run_in_background needs the jobs runtime, which is not mounted; add the dsh-jobs and dsh-tool-jobs packages to the composition, or send without run_in_background',
  INVALID_RESULT: 'the terminal backend returned a result outside the tool contract; this is a backend bug, report it with the session type',
}

export class TerminalToolError extends Error {
  override name = 'TerminalToolError'
  constructor(readonly code: TerminalToolErrorCode, message = DEFAULT_MESSAGES[code], options?: { cause?: unknown }) {
    super(message, options)
  }
}
