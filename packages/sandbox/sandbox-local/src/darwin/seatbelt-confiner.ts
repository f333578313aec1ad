import { SandboxError } from 'dsh-sandbox'
import type { PlatformConfiner } from '../confiner'
import { findExecutable } from '../find-executable'
import type { HostView } from '../host-view'
import type { ConfinedPolicy } from '../layout'
import { seatbeltArgv } from './seatbelt-profile'

export interface SeatbeltSettings {
  readonly sandboxExecPath: string
  readonly shareNetwork: boolean
  readonly searchPath: string | undefined
}

/** macOS: sandbox-exec with a generated Seatbelt profile. Checked on every confine. */
export class SeatbeltConfiner implements PlatformConfiner {
  readonly enforcement = 'sandbox-exec'
  readonly replacesMounts = false

  constructor(private readonly settings: SeatbeltSettings) {}

  async wrap(argv: readonly string[], policy: ConfinedPolicy, _cwd: string | undefined, view: HostView): Promise<string[]> {
    const { sandboxExecPath, shareNetwork, searchPath } = this.settings
    const found = await findExecutable(sandboxExecPath, searchPath)
    if (found === undefined) {
      throw new SandboxError(
        'SANDBOX_UNAVAILABLE',
        `sandbox: sandbox-exec was not found at ${JSON.stringify(sandboxExecPath)}, so nothing was started; it ships with macOS as /usr/bin/sandbox-exec (set dsh-sandbox-local's sandboxExecPath), or choose sandbox mode danger-full-access explicitly to run unconfined`,
      )
    }
    return seatbeltArgv(argv, policy, { sandboxExecPath: found, shareNetwork, protectedPaths: view.protectedPaths })
  }
}
