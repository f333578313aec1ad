import type { Agent } from 'dsh-agent'
import type { ExecutionPolicy, SandboxProvider } from 'dsh-sandbox'
import type { SubprocessService } from 'dsh-subprocess'

/** The part of ctx.sandboxPolicy this backend uses. */
export interface SandboxPolicySeam {
  /** The agent's effective policy (its session mode over the deployment default). */
  resolve(input: { agent: Agent }): ExecutionPolicy
}

/** Everything a spawn needs, looked up when it runs. */
export interface BackendDeps {
  readonly policy: () => SandboxPolicySeam
  /** ctx.sandbox when a provider is mounted in this world (optional). */
  readonly sandbox: () => SandboxProvider | undefined
  readonly subprocess: () => SubprocessService
}
