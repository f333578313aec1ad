import { type Context, Service } from '@deepseek-ai/cordis'
import type { SpawnTerminalOptions, SubprocessService, SubprocessTerminalHandle } from 'dsh-subprocess'
import { Containment, type ContainmentReport } from './cgroup/containment'
import { nodeContainmentEnv } from './cgroup/node-env'
import { Config } from './config'
import { platformInspector } from './inspect'
import type { ProcessInspector } from './inspect/types'
import type { LocalTerminal } from './spawn/local-terminal'
import { spawnLocalTerminal } from './spawn/spawn-terminal'
import { nodeTeardownDeps } from './teardown/node-deps'
import { startNotice } from './start-notice'

/**
 * ctx.subprocess over node-pty. At start it decides the containment once (a cgroup per
 * session where the cgroup tree is writable), reaps the session cgroups of hosts that died
 * without their teardown, and says what it found in the log. It tracks every handle it
 * spawned until that handle's teardown succeeded: disposing the service terminates the
 * rest, and if the host process exits first, a synchronous 'exit' hook kills what remains.
 */
export class SubprocessLocalService extends Service implements SubprocessService {
  static Config = Config
  private readonly handles = new Set<LocalTerminal>()
  private readonly root: Context
  private readonly inspector: ProcessInspector = platformInspector
  private contained: Containment | undefined

  constructor(ctx: Context, private readonly config: Config) {
    super(ctx, 'subprocess')
    this.root = ctx
    ctx.effect(() => {
      const onExit = () => this.killAllSync()
      process.once('exit', onExit)
      return () => { process.off('exit', onExit) }
    }, 'subprocess: kill remaining terminals at host exit')
  }

  async *[Service.init]() {
    const limits = { maxProcesses: this.config.maxProcesses, maxMemoryBytes: this.config.maxMemoryBytes }
    this.contained = this.config.cgroups === 'off'
      ? Containment.none('no session cgroups: cgroups is "off" in the configuration', limits)
      : await Containment.detect(nodeContainmentEnv(), limits)
    const logger = this.root.logger('subprocess')
    for (const line of startNotice(this.contained.report)) logger[line.level](line.text)
    yield async () => {
      try {
        await this.terminateAll()
      } finally {
        await this.contained?.dispose()
      }
    }
  }

  /** The containment decided at start (kind `none` until then). */
  get containment(): ContainmentReport {
    return this.contained?.report ?? { kind: 'none', detail: 'the subprocess service has not started yet', unenforced: [] }
  }

  async spawnTerminal(options: SpawnTerminalOptions): Promise<SubprocessTerminalHandle> {
    const logger = this.root.logger('subprocess')
    const handle = await spawnLocalTerminal(options, {
      defaults: { rows: this.config.defaultRows, cols: this.config.defaultCols, graceMs: this.config.defaultGraceMs },
      inspector: this.inspector,
      teardown: nodeTeardownDeps(this.inspector),
      hostEnv: process.env,
      onListenerError: (error) => logger.warn(`an output listener of a terminal threw: ${String(error)}`),
      // Forget a handle once its teardown succeeded; a failed one stays tracked for retry.
      onTornDown: (done) => { this.handles.delete(done) },
      ...(this.contained ? { containment: this.contained } : {}),
    })
    this.handles.add(handle)
    return handle
  }

  /** Handles whose tree has not been torn down yet. */
  get liveCount(): number {
    return this.handles.size
  }

  private async terminateAll(): Promise<void> {
    const results = await Promise.allSettled([...this.handles].map((h) => h.terminate()))
    const errors = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []))
    if (errors.length > 0) throw new AggregateError(errors, `subprocess: ${errors.length} terminal(s) left processes behind: ${errors.map(String).join('; ')}`)
  }

  private killAllSync(): void {
    for (const handle of this.handles) handle.killSync()
    for (const handle of this.handles) handle.removeSync()
    this.contained?.disposeSync()
  }
}
