import { AgentDisposeError } from './errors'
import { DEFAULT_SESSION_LOG_LIMITS, type SessionLogLimits } from './config'
import { AgentSessionLog, type BeforeAppend } from './session-log'

/** Teardown work owned by an agent; awaited when the agent ends. */
export type AgentTeardown = () => unknown

/**
 * An agent: the owner identity of sessions, jobs and tool calls. Compared by object
 * identity; `id` is unique per registry and never reused.
 */
export class Agent {
  readonly session: AgentSessionLog
  private readonly abort = new AbortController()
  private readonly hooks = new Set<AgentTeardown>()
  private ending: Promise<void> | undefined

  constructor(readonly id: string, readonly name: string, beforeAppend: BeforeAppend, limits: SessionLogLimits = DEFAULT_SESSION_LOG_LIMITS) {
    this.session = new AgentSessionLog(beforeAppend, limits)
  }

  /** Aborted as soon as the agent starts ending. */
  get signal(): AbortSignal { return this.abort.signal }

  /** True once disposal has begun. */
  get disposed(): boolean { return this.abort.signal.aborted }

  /**
   * Register teardown work run when the agent ends (all hooks run concurrently and are
   * awaited; failures are aggregated). Returns a disposer that unregisters it.
   * Registering on an ended agent runs nothing and returns a no-op.
   */
  onDispose(hook: AgentTeardown): () => void {
    if (this.disposed) return () => {}
    this.hooks.add(hook)
    return () => { this.hooks.delete(hook) }
  }

  /** End the agent: abort its signal, run every teardown hook, report failures. Idempotent. */
  end(): Promise<void> {
    this.ending ??= this.runTeardown()
    return this.ending
  }

  private async runTeardown(): Promise<void> {
    this.abort.abort(new Error(`agent ${this.id} ended`))
    const hooks = [...this.hooks].reverse()
    this.hooks.clear()
    const results = await Promise.allSettled(hooks.map(async (hook) => hook()))
    const errors = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []))
    if (errors.length > 0) throw new AgentDisposeError(this.id, errors)
  }
}
