// @dsh-pure
import type { HostView } from './host-view'
import type { ConfinedPolicy } from './layout'

/** One platform's way to wrap argv; chosen once at load (see platform.ts). */
export interface PlatformConfiner {
  /** Reported as Confinement.enforcement. */
  readonly enforcement: string
  /** Hides paths of the host view (Linux mounts) or not (macOS profiles). */
  readonly replacesMounts: boolean
  /** The wrapped argv; rejects SANDBOX_UNAVAILABLE when the mechanism is missing or unusable. */
  wrap(argv: readonly string[], policy: ConfinedPolicy, cwd: string | undefined, view: HostView): Promise<string[]>
}
