import { SubprocessError } from 'dsh-subprocess'
import { TerminalBashError } from '../errors'

/** Translate a ctx.subprocess failure into this backend's error family (cause kept). */
export function mapSubprocessError(error: unknown): unknown {
  if (!(error instanceof SubprocessError)) return error
  switch (error.code) {
    case 'SHELL_SIGKILL':
      return new TerminalBashError('SHELL_SIGKILL', undefined, { cause: error })
    case 'FOREGROUND_UNKNOWN':
      return new TerminalBashError('FOREGROUND_UNKNOWN', undefined, { cause: error })
    case 'HANDLE_EXITED':
      return new TerminalBashError(
        'SESSION_CLOSED',
        'terminal-bash: the shell has exited; read its scrollback or close the session and open a new one',
        { cause: error },
      )
    case 'TERMINATE_FAILED':
      return new TerminalBashError(
        'CLOSE_FAILED',
        `terminal-bash: processes survived teardown (${error.survivors.length > 0 ? `pids ${error.survivors.join(', ')}` : error.message}); retry the close`,
        { cause: error },
      )
    default:
      return error
  }
}
