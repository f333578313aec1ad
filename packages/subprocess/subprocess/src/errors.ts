/** Closed set of ctx.subprocess failure codes. */
export type SubprocessErrorCode =
  | 'INVALID_ARGUMENT'
  | 'BAD_CWD'
  | 'NOT_EXECUTABLE'
  | 'SPAWN_FAILED'
  | 'HANDLE_EXITED'
  | 'FOREGROUND_UNKNOWN'
  | 'SHELL_SIGKILL'
  | 'TERMINATE_FAILED'

export const SUBPROCESS_ERROR_MESSAGES: Record<SubprocessErrorCode, string> = {
  INVALID_ARGUMENT: 'an argument is out of range or of the wrong type; see the message for the field and fix the call',
  BAD_CWD: 'the working directory does not exist or is not a directory; pass an existing directory',
  NOT_EXECUTABLE: 'the program was not found or is not executable; check the path and its permissions',
  SPAWN_FAILED: 'the terminal process could not be started; see the cause',
  HANDLE_EXITED: 'the terminal process has exited; open a new session',
  FOREGROUND_UNKNOWN: 'the terminal foreground process group could not be determined; nothing was signalled',
  SHELL_SIGKILL: 'SIGKILL to the shell itself is refused; close the session instead (terminal_close)',
  TERMINATE_FAILED: 'processes survived teardown; retry the close',
}

/** Every ctx.subprocess failure: one class, a closed `code`, the original error in `cause`. */
export class SubprocessError extends Error {
  override name = 'SubprocessError'
  constructor(
    readonly code: SubprocessErrorCode,
    message: string = SUBPROCESS_ERROR_MESSAGES[code],
    options?: { cause?: unknown; survivors?: readonly number[] },
  ) {
    super(message, options)
    this.survivors = options?.survivors ?? []
  }
  /** For TERMINATE_FAILED: the pids still alive. */
  readonly survivors: readonly number[]
}
