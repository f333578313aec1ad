/** The three sandbox modes, from most to least confined. */
export const SANDBOX_MODES = ['read-only', 'workspace-write', 'danger-full-access'] as const
export type SandboxMode = (typeof SANDBOX_MODES)[number]

/** Modes that require a ctx.sandbox provider to wrap argv. */
export const CONFINED_MODES = ['read-only', 'workspace-write'] as const
export type ConfinedMode = (typeof CONFINED_MODES)[number]

export function isConfined(mode: SandboxMode): mode is ConfinedMode {
  return mode !== 'danger-full-access'
}

/** The effective execution policy of one agent. */
export interface ExecutionPolicy {
  readonly mode: SandboxMode
  /** Canonical absolute path of the workspace root. */
  readonly workspaceRoot: string
}

/** What a provider did to the argv. */
export interface Confinement {
  readonly argv: readonly string[]
  /** e.g. 'bubblewrap', 'sandbox-exec', 'none'. */
  readonly enforcement: string
}

/** ctx.sandbox: wraps argv once; fails closed with SANDBOX_UNAVAILABLE. */
export interface SandboxProvider {
  confine(argv: readonly string[], policy: ExecutionPolicy): Promise<Confinement>
}
