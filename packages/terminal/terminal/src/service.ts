import { type Context, Service } from '@deepseek-ai/cordis'
import type { Agent } from 'dsh-agent'
import { BackendRegistry } from './backend-registry'
import { CleanupFailures } from './cleanup-failures'
import { type CloseStart, startClose } from './close-attempt'
import { Config } from './config'
import { describeError, TerminalError } from './errors'
import { OwnerHooks } from './owner-hooks'
import { reserveSend } from './send-reservation'
import { type PendingSpawn, type SessionRecord, SessionTable, snapshot } from './session-table'
import { runSpawn } from './spawn-lifecycle'
import type {
  TerminalBackend, TerminalBackendSession, TerminalReadRequest, TerminalReadResult, TerminalSendOperation,
  TerminalSendRequest, TerminalSessionId, TerminalSessionSnapshot, TerminalSignal, TerminalSignalResult,
  TerminalSpawnRequest, TerminalSpawnResult,
} from './types'

declare module '@deepseek-ai/cordis' {
  interface Context { terminals: TerminalSessionService }
}

/**
 * ctx.terminals: owner-scoped terminal sessions over registered backends, at most
 * `maxSessionsPerAgent` per agent and `maxSessions` in all. Ownership lives
 * here (not in the backend or tool plugin), so reloading those never orphans a session;
 * sessions end when their owner ends, when killed, or when this service is disposed.
 */
export class TerminalSessionService extends Service {
  static inject = ['agents']
  static Config = Config

  // Plain fields, no #private: the instance is reached through a Cordis proxy.
  private readonly root: Context
  private readonly backends = new BackendRegistry()
  private readonly table = new SessionTable()
  private readonly failures = new CleanupFailures<Agent>()
  private readonly hooks: OwnerHooks
  private readonly state = { disposing: false }

  constructor(ctx: Context, private readonly config: Config = Config.parse({})) {
    super(ctx, 'terminals')
    this.root = ctx
    this.hooks = new OwnerHooks((owner) => this.endOwner(owner))
    ctx.effect(() => () => this.disposeAll(), 'terminals: close every session')
  }

  /** Register a backend type for as long as the calling plugin is loaded. */
  registerBackend(backend: TerminalBackend): () => Promise<void> {
    this.assertRunning()
    this.backends.assertFree(backend.type)
    return this.ctx.effect(() => {
      this.backends.add(backend)
      return () => this.backends.remove(backend)
    }, `terminals: backend "${backend.type}"`)
  }

  listBackends(): string[] {
    return this.backends.types()
  }

  /** Start a session owned by `owner`; its id is reserved before backend setup begins. */
  async spawn(owner: Agent, request: TerminalSpawnRequest, signal?: AbortSignal): Promise<TerminalSpawnResult> {
    this.assertUsable(owner)
    const backend = this.backends.get(request.type)
    this.table.assertNameFree(owner, request.name)
    this.table.assertRoom(owner, { perAgent: this.config.maxSessionsPerAgent, total: this.config.maxSessions })
    if (signal?.aborted) throw signal.reason
    const pending = this.table.reserve(owner, request.name, signal)
    this.hooks.watch(owner)
    try {
      return await runSpawn({
        abort: pending.abort,
        start: (combined) => backend.spawn({ owner, sessionId: pending.id, name: request.name, cwd: request.cwd }, combined),
        publish: (session) => this.publish(pending.id, owner, request, session),
        retain: (error) => this.failures.retain(owner, error),
      })
    } finally {
      this.table.settle(pending)
      this.releaseIfIdle(owner)
    }
  }

  /** True from spawn reservation on, while the owner has a session or an unreported cleanup failure. */
  hasOwnerActivity(owner: Agent): boolean {
    return this.table.hasActivity(owner) || this.failures.has(owner)
  }

  /** Reserve the session for one send (synchronously) and start it. */
  startSend(owner: Agent, id: TerminalSessionId, request: TerminalSendRequest): TerminalSendOperation {
    const record = this.open(owner, id)
    if (record.send.active) throw new TerminalError('SEND_ACTIVE', sendActiveMessage(id, record.send.cancelled === true))
    return reserveSend(record.send, () => record.backend.send(request), request.signal)
  }

  async read(owner: Agent, id: TerminalSessionId, request: TerminalReadRequest = {}): Promise<TerminalReadResult> {
    return this.lookup(owner, id).backend.read(request)
  }

  async signal(owner: Agent, id: TerminalSessionId, signal: TerminalSignal): Promise<TerminalSignalResult> {
    return this.open(owner, id).backend.signal(signal)
  }

  /** Close a session; false when a close was already in flight (this call awaited it). */
  async kill(owner: Agent, id: TerminalSessionId, reason?: unknown): Promise<boolean> {
    const { joined, done } = this.close(this.lookup(owner, id), reason)
    await done
    return !joined
  }

  /** The owner's sessions, oldest first; exited ones stay until killed. */
  list(owner: Agent): TerminalSessionSnapshot[] {
    this.assertUsable(owner)
    return this.table.owned(owner).map(snapshot)
  }

  private publish(id: TerminalSessionId, owner: Agent, request: TerminalSpawnRequest, session: TerminalBackendSession): TerminalSpawnResult {
    const record: SessionRecord = { id, owner, name: request.name, type: request.type, backend: session, send: { active: false }, closing: undefined }
    this.table.sessions.set(id, record)
    return { ...snapshot(record), motd: session.motd }
  }

  private assertRunning(): void {
    if (this.state.disposing) throw new TerminalError('SERVICE_DISPOSING')
  }

  private assertUsable(owner: Agent): void {
    this.assertRunning()
    if (!this.root.agents.isLive(owner)) {
      throw new TerminalError('OWNER_NOT_LIVE', `agent "${owner.name}" has ended; terminal sessions can only be used by a live agent`)
    }
  }

  private lookup(owner: Agent, id: TerminalSessionId): SessionRecord {
    this.assertUsable(owner)
    return this.table.lookup(owner, id)
  }

  /** A session that is not being closed (send and signal need one). */
  private open(owner: Agent, id: TerminalSessionId): SessionRecord {
    const record = this.lookup(owner, id)
    if (record.closing) throw new TerminalError('NO_SESSION', `terminal session "${id}" is being closed; use terminal_open to start a new one`)
    return record
  }

  private close(record: SessionRecord, reason: unknown): CloseStart {
    return startClose(record, reason, () => {
      this.table.sessions.delete(record.id)
      this.releaseIfIdle(record.owner)
    })
  }

  private releaseIfIdle(owner: Agent): void {
    if (!this.hasOwnerActivity(owner)) this.hooks.release(owner)
  }

  /** Agent disposal: stop its spawns, close its sessions, report every failure. */
  private async endOwner(owner: Agent): Promise<void> {
    const reason = new TerminalError('OWNER_NOT_LIVE', `agent "${owner.name}" ended; its terminal sessions are closed`)
    const errors = await this.quiesce(this.table.pendingOf(owner), this.table.owned(owner), reason)
    errors.push(...this.failures.drain(owner))
    if (errors.length > 0) throw failureReport(`agent "${owner.name}"`, errors)
  }

  /** Service disposal: stop every spawn, close every session, always forget everything. */
  private async disposeAll(): Promise<void> {
    this.state.disposing = true
    const reason = new TerminalError('SERVICE_DISPOSING', 'the terminal service is shutting down; its terminal sessions are closed')
    const errors = await this.quiesce(this.table.allPending(), [...this.table.sessions.values()], reason)
    errors.push(...this.failures.drainAll())
    this.table.clear()
    this.hooks.releaseAll()
    this.backends.clear()
    if (errors.length > 0) throw failureReport('service disposal', errors)
  }

  /** Abort the spawns, close the sessions, await all of it; returns the failures. */
  private async quiesce(spawns: PendingSpawn[], sessions: SessionRecord[], reason: TerminalError): Promise<unknown[]> {
    for (const spawn of spawns) spawn.abort.abortForLifecycle(reason)
    const results = await Promise.allSettled([
      ...spawns.map((spawn) => spawn.settled.promise),
      ...sessions.map((record) => this.close(record, reason).done),
    ])
    return results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []))
  }
}

function failureReport(scope: string, errors: unknown[]): AggregateError {
  return new AggregateError(errors, `terminals: ${scope}: ${errors.length} terminal cleanup failure(s): ${errors.map(describeError).join('; ')}; processes may still be running, check and kill them`)
}

/** SEND_ACTIVE's text: a cancelled send still holds the session until its program stopped. */
function sendActiveMessage(id: TerminalSessionId, cancelled: boolean): string {
  if (cancelled) return `the cancelled send in ${id} is still stopping its program (interrupted, waiting for the prompt); send again in a moment`
  return `a send is still running in ${id}; wait for it to finish (job_output) or cancel it before sending again`
}
