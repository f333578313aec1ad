import { Context } from '@deepseek-ai/cordis'
import { expect } from 'vitest'
import AgentRegistry, { type Agent } from 'dsh-agent'
import TerminalSessionService, {
  type TerminalBackend, type TerminalBackendSession, type TerminalBackendSpawnRequest, type TerminalOutputChunk,
  type TerminalReadRequest, type TerminalReadResult, type TerminalSendOperation, type TerminalSendRequest,
  type TerminalSendResult, type TerminalSessionStatus, type TerminalSignal, type TerminalSignalResult,
} from '../src'

/** A promise the test settles. */
export interface Controlled<T> {
  readonly promise: Promise<T>
  resolve(value: T): void
  reject(error: unknown): void
  readonly settled: boolean
}

export function controlled<T>(): Controlled<T> {
  const box = { settled: false, resolve: (_: T) => {}, reject: (_: unknown) => {} }
  const promise = new Promise<T>((resolve, reject) => { box.resolve = resolve; box.reject = reject })
  return {
    promise,
    resolve: (value) => { box.settled = true; box.resolve(value) },
    reject: (error) => { box.settled = true; box.reject(error) },
    get settled() { return box.settled },
  }
}

/** Let every already-queued promise continuation run (no timers involved). */
export function drain(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve))
}

export class StubSend implements TerminalSendOperation {
  readonly result = controlled<TerminalSendResult>()
  readonly cancels: unknown[] = []
  output = ''
  constructor(readonly request: TerminalSendRequest) {}
  get done() { return this.result.promise }
  readOutput(): TerminalOutputChunk {
    const text = this.output
    this.output = ''
    return { text, truncated: false }
  }
  cancel(reason?: unknown): void { this.cancels.push(reason) }
  finish(): void {
    this.result.resolve({ viewport: 'ok\n', waitReason: 'stdin_read', sessionStatus: { kind: 'running' }, truncated: false })
  }
}

/**
 * A session whose close the test controls: `closeWith` decides how the next close call
 * settles ('ok' at once, 'hold' until the test settles `closes[i]`, or an error).
 */
export class StubSession implements TerminalBackendSession {
  readonly motd = 'welcome to the stub\n'
  readonly sends: StubSend[] = []
  readonly signals: TerminalSignal[] = []
  readonly closes: Array<{ reason: unknown, result: Controlled<void> }> = []
  current: TerminalSessionStatus = { kind: 'running' }
  closeWith: 'ok' | 'hold' | Error = 'ok'
  constructor(readonly pid = 4242) {}
  status(): TerminalSessionStatus { return this.current }
  send(request: TerminalSendRequest): TerminalSendOperation {
    const op = new StubSend(request)
    this.sends.push(op)
    return op
  }
  read(request: TerminalReadRequest): TerminalReadResult {
    return { text: `page ${request.offset ?? 0}`, totalLines: 1, lineBegin: 0, lineEnd: 1, truncated: false }
  }
  async signal(signal: TerminalSignal): Promise<TerminalSignalResult> {
    this.signals.push(signal)
    return { delivered: true, targetPgid: this.pid }
  }
  close(reason?: unknown): Promise<void> {
    const result = controlled<void>()
    this.closes.push({ reason, result })
    if (this.closeWith === 'ok') result.resolve()
    else if (this.closeWith !== 'hold') result.reject(this.closeWith)
    return result.promise
  }
}

/** A backend whose spawns the test settles one by one. */
export class StubBackend implements TerminalBackend {
  readonly spawns: Array<{ request: TerminalBackendSpawnRequest, signal: AbortSignal, result: Controlled<TerminalBackendSession> }> = []
  constructor(readonly type = 'stub') {}
  spawn(request: TerminalBackendSpawnRequest, signal: AbortSignal): Promise<TerminalBackendSession> {
    const result = controlled<TerminalBackendSession>()
    this.spawns.push({ request, signal, result })
    return result.promise
  }
  get last() { return this.spawns[this.spawns.length - 1]! }
}

export interface World {
  root: Context
  terminals: TerminalSessionService
  backend: StubBackend
  alice: Agent
  bob: Agent
  /** Errors Cordis logged (disposer failures land here). */
  logged: unknown[]
  /** Spawn and settle with a fresh StubSession. */
  open(owner: Agent, name?: string): Promise<{ id: ReturnType<typeof sessionIdOf>, session: StubSession }>
  /** Unload the service plugin (service disposal); resolves after its disposer ran. */
  unloadService(): Promise<void>
  /** Remove the stub backend registered by world(). */
  unregister(): Promise<void>
}

/** The rejection reason of `promise`; fails if it resolves. */
export function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then((value) => { throw new Error(`expected a rejection, got ${JSON.stringify(value)}`) }, (error: unknown) => error)
}

/** Matches a TerminalError with this code. */
export function code(value: string) {
  return expect.objectContaining({ name: 'TerminalError', code: value })
}

function sessionIdOf(result: { sessionId: string }) { return result.sessionId as import('../src').TerminalSessionId }

export async function world(): Promise<World> {
  const root = new Context()
  const logged: unknown[] = []
  root.logger.exporter({ export: (message) => { if (message.type === 'error') logged.push(message.args[0]) } })
  await root.plugin(AgentRegistry)
  const fiber = root.plugin(TerminalSessionService)
  await fiber
  const terminals = root.terminals
  const backend = new StubBackend()
  const unregister = terminals.registerBackend(backend)
  const open = async (owner: Agent, name?: string) => {
    const pending = terminals.spawn(owner, { type: backend.type, name })
    const session = new StubSession()
    backend.last.result.resolve(session)
    return { id: sessionIdOf(await pending), session }
  }
  return {
    root, terminals, backend, logged, open, unregister,
    alice: root.agents.create('alice'),
    bob: root.agents.create('bob'),
    unloadService: () => fiber.dispose(),
  }
}
