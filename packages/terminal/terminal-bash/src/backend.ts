import type { TerminalBackend, TerminalBackendSpawnRequest } from 'dsh-terminal'
import type { Config } from './config'
import type { Scheduler } from './readiness/scheduler'
import type { BackendDeps } from './seams'
import type { BashSession } from './session/bash-session'
import { spawnBashSession } from './session/spawn-session'

/** The `shell` backend registered on ctx.terminals. */
export class BashBackend implements TerminalBackend {
  readonly type: string

  constructor(
    private readonly deps: BackendDeps,
    private readonly config: Config,
    private readonly scheduler: Scheduler,
  ) {
    this.type = config.backendType
  }

  spawn(request: TerminalBackendSpawnRequest, signal: AbortSignal): Promise<BashSession> {
    return spawnBashSession({ deps: this.deps, config: this.config, scheduler: this.scheduler }, request, signal)
  }
}
