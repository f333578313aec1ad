// @dsh-pure
/** Closed set of dsh-terminal-bash failure codes. */
export type TerminalBashErrorCode =
  | 'SANDBOX_PROVIDER_MISSING'
  | 'SANDBOX_MODE_LOCKED'
  | 'SHELL_INTEGRATION_MISSING'
  | 'STARTUP_EXITED'
  | 'STARTUP_TIMEOUT'
  | 'BAD_READ'
  | 'BAD_SIGNAL'
  | 'SHELL_SIGKILL'
  | 'FOREGROUND_UNKNOWN'
  | 'SESSION_CLOSED'
  | 'CLOSE_FAILED'
  | 'SEND_TOO_LARGE'

/** Default message per code: what happened and what to do next. */
export const TERMINAL_BASH_ERROR_MESSAGES: Record<TerminalBashErrorCode, string> = {
  SANDBOX_PROVIDER_MISSING: 'terminal-bash: this sandbox mode requires a ctx.sandbox provider in the execution world; mount dsh-sandbox-local or use danger-full-access',
  SANDBOX_MODE_LOCKED: 'terminal-bash: the sandbox mode cannot change while terminal sessions are open; wait for terminal creation to settle and close the terminal sessions first',
  SHELL_INTEGRATION_MISSING: 'terminal-bash: the shell integration script is missing from the package; reinstall dsh-terminal-bash',
  STARTUP_EXITED: 'terminal-bash: the shell exited before its first prompt; check shellPath and shellArgs',
  STARTUP_TIMEOUT: 'terminal-bash: the shell printed no ready prompt before timeoutMs; check shellPath and shellArgs or raise timeoutMs',
  BAD_READ: 'terminal-bash: offset and count must be non-negative safe integers',
  BAD_SIGNAL: 'terminal-bash: unsupported signal; use one of SIGINT, SIGTERM, SIGKILL, SIGTSTP, SIGHUP',
  SHELL_SIGKILL: 'terminal-bash: SIGKILL to the shell itself is refused; close the session instead (terminal_close)',
  FOREGROUND_UNKNOWN: 'terminal-bash: the terminal foreground process group could not be determined; nothing was signalled, retry or close the session',
  SESSION_CLOSED: 'terminal-bash: the session is closed; open a new session',
  CLOSE_FAILED: 'terminal-bash: processes survived teardown; retry the close',
  SEND_TOO_LARGE: 'terminal-bash: the text of one send is larger than maxSendBytes; write it to a file instead and have the program read the file',
}

export class TerminalBashError extends Error {
  override name = 'TerminalBashError'
  constructor(
    readonly code: TerminalBashErrorCode,
    message: string = TERMINAL_BASH_ERROR_MESSAGES[code],
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }
}
