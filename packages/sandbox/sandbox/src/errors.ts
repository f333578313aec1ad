// @dsh-pure
/** Closed set of sandbox failure codes (ctx.sandbox and ctx.sandboxPolicy). */
export type SandboxErrorCode =
  | 'SANDBOX_UNAVAILABLE'
  | 'INVALID_MODE'
  | 'BAD_WORKSPACE'
  | 'BAD_ARGV'
  | 'BAD_CWD'
  | 'AGENT_NOT_LIVE'

export const SANDBOX_ERROR_MESSAGES: Record<SandboxErrorCode, string> = {
  SANDBOX_UNAVAILABLE:
    'no working sandbox is available on this machine, so nothing was started; install bubblewrap (Debian/Ubuntu: apt-get install bubblewrap) or choose sandbox mode danger-full-access explicitly to run unconfined',
  INVALID_MODE: 'unknown sandbox mode; use read-only, workspace-write or danger-full-access (nothing was changed)',
  BAD_WORKSPACE: 'the workspace root must be an existing directory given as an absolute path; fix workspaceRoot',
  BAD_ARGV: 'the command to confine must be a non-empty list of strings; pass the program and its arguments',
  BAD_CWD: 'the working directory is not visible inside the sandbox; start in the workspace or another visible directory',
  AGENT_NOT_LIVE: 'the agent has ended; create a new agent to continue',
}

/** Every failure of the sandbox seams carries exactly one code; `cause` keeps the original error. */
export class SandboxError extends Error {
  override name = 'SandboxError'
  constructor(readonly code: SandboxErrorCode, message: string = SANDBOX_ERROR_MESSAGES[code], options?: { cause?: unknown }) {
    super(message, options)
  }
}
