import type { SandboxPolicyProvider, SandboxProvider } from 'dsh-sandbox'
import type { SubprocessService } from 'dsh-subprocess'

/** Everything a spawn needs, looked up when it runs (so a reload of a provider is seen). */
export interface BackendDeps {
  readonly policy: () => SandboxPolicyProvider
  /** ctx.sandbox when a provider is mounted in this world (optional). */
  readonly sandbox: () => SandboxProvider | undefined
  readonly subprocess: () => SubprocessService
}
