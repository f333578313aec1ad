// @dsh-pure
/** Closed set of ctx.terminals failure codes. */
export type TerminalErrorCode =
  | 'DUPLICATE_BACKEND'
  | 'DUPLICATE_NAME'
  | 'FOREIGN_SESSION'
  | 'NO_BACKEND'
  | 'NO_SESSION'
  | 'OWNER_NOT_LIVE'
  | 'SEND_ACTIVE'
  | 'SERVICE_DISPOSING'
  | 'SESSION_LIMIT'

/** Default message per code: what happened and what to do next. */
export const TERMINAL_ERROR_MESSAGES: Record<TerminalErrorCode, string> = {
  DUPLICATE_BACKEND: 'a terminal backend of this type is already registered; unload the other backend plugin first or register under another type',
  DUPLICATE_NAME: 'this agent already has a terminal session (or one being opened) with that name; pick another name or close that session first',
  FOREIGN_SESSION: 'that terminal session belongs to another agent; use terminal_list to see your own sessions',
  NO_BACKEND: 'no terminal backend of this type is registered; use a registered type or load a backend plugin such as dsh-terminal-bash',
  NO_SESSION: 'no such terminal session (it was closed or never existed); use terminal_list to see your sessions or terminal_open to start one',
  OWNER_NOT_LIVE: 'the owning agent has ended; terminal sessions can only be used by a live agent',
  SEND_ACTIVE: 'a send is still running in this session; wait for it to finish (job_output) or cancel it before sending again',
  SERVICE_DISPOSING: 'the terminal service is shutting down; retry once it has been loaded again',
  SESSION_LIMIT: 'no more terminal sessions can be opened now (a per-agent or per-host limit is reached); close sessions you no longer need with terminal_close (terminal_list shows them) and try again',
}

export class TerminalError extends Error {
  override name = 'TerminalError'
  constructor(
    readonly code: TerminalErrorCode,
    message: string = TERMINAL_ERROR_MESSAGES[code],
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }
}

/**
 * A backend's startup failed and so did its own cleanup of what it had started. Reject
 * `TerminalBackend.spawn` with this so the service keeps `cleanupError` for the owner's or
 * the service's disposal to report, instead of losing it (or replacing a caller's
 * cancellation reason with it).
 */
export class TerminalBackendCleanupError extends AggregateError {
  override name = 'TerminalBackendCleanupError'
  constructor(
    readonly spawnError: unknown,
    readonly cleanupError: unknown,
    message = `terminal startup failed (${describeError(spawnError)}) and its cleanup failed too (${describeError(cleanupError)}); processes may still be running, check and kill them`,
  ) {
    super([spawnError, cleanupError], message)
  }
}

export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
