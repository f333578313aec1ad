// @dsh-pure
/**
 * The sandbox contract: modes, the execution policy, ctx.sandbox (wraps argv once) and
 * ctx.sandboxPolicy (the deployment default and per-agent session modes).
 * Implementations: dsh-sandbox-local (ctx.sandbox), dsh-sandbox-policy (ctx.sandboxPolicy).
 */
import type { Context } from '@deepseek-ai/cordis'
import type { Agent, SessionEvent } from 'dsh-agent'

declare module '@deepseek-ai/cordis' {
  interface Context {
    sandbox: SandboxProvider
    sandboxPolicy: SandboxPolicyProvider
  }
}

/** A Cordis context with both sandbox seams (importing this package adds them to every Context). */
export type SandboxContext = Context & { readonly sandbox: SandboxProvider; readonly sandboxPolicy: SandboxPolicyProvider }

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

/** Optional facts about the process being confined. */
export interface ConfineOptions {
  /**
   * The absolute working directory the process starts in (the same path the caller hands
   * to the spawner). A provider that changes the filesystem view re-enters it inside the
   * sandbox and fails (BAD_CWD) when the sandbox hides it, instead of starting elsewhere.
   */
  readonly cwd?: string
}

/** ctx.sandbox: wraps argv once; fails closed with SANDBOX_UNAVAILABLE. */
export interface SandboxProvider {
  confine(argv: readonly string[], policy: ExecutionPolicy, options?: ConfineOptions): Promise<Confinement>
}

/** The session event type that records an agent's sandbox mode. */
export const SANDBOX_MODE_EVENT = 'sandbox/mode'

/** The data of a `sandbox/mode` session event. */
export interface SandboxModeEventData {
  readonly mode: SandboxMode
}

/**
 * The session event type that records an agent's own workspace root (a host that gives each
 * agent its workspace, e.g. an ACP session's cwd). Set once, before the agent's first tool call.
 */
export const SANDBOX_WORKSPACE_EVENT = 'sandbox/workspace'

/** The data of a `sandbox/workspace` session event: a canonical absolute directory. */
export interface SandboxWorkspaceEventData {
  readonly workspaceRoot: string
}

/** ctx.sandboxPolicy: the deployment default and each agent's session mode over it. */
export interface SandboxPolicyProvider {
  /** The deployment default mode (config `mode`). */
  readonly defaultMode: SandboxMode
  /** The canonical workspace root (config `workspaceRoot`). */
  readonly workspaceRoot: string
  /** The agent's effective policy: its last `sandbox/mode` event over the deployment default. */
  resolve(input: { readonly agent: Agent }): ExecutionPolicy
  /**
   * The effective mode the agent would have if `event` committed now (its current mode for
   * any other event type). For `agent/session-append` listeners that fence mode changes.
   */
  effectiveModeAfter(agent: Agent, event: SessionEvent): SandboxMode
  /**
   * Validate `mode` and append one `sandbox/mode` event to the agent's session. Listeners
   * may veto it (AgentError EVENT_VETOED with the listener's message); nothing is recorded then.
   */
  setSandboxMode(agent: Agent, mode: string): ExecutionPolicy
  /**
   * Give the agent its own workspace root (an existing directory, stored canonical), once,
   * before its first tool call; `resolve` then returns it. A deployment that pins the
   * workspace (config `pinWorkspace`) records nothing and keeps `workspaceRoot`. Optional: a
   * policy without per-agent workspaces keeps every agent in `workspaceRoot`.
   */
  setWorkspaceRoot?(agent: Agent, directory: string): ExecutionPolicy
}
