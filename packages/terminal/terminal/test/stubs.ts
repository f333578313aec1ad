import { Context } from '@deepseek-ai/cordis'
import { expect } from 'vitest'
import AgentRegistry, { type Agent } from 'dsh-agent'
import TerminalSessionService, {
  Config, type ConfigInput, type TerminalBackend, type TerminalBackendSession, type TerminalBackendSpawnRequest, type TerminalOutputChunk,
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
  constructor(readonly pid = 4242) { created.push(this) }
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
  /** Resolves at the first close call. */
  readonly closing = controlled<unknown>()
  close(reason?: unknown): Promise<void> {
    const result = controlled<void>()
    this.closes.push({ reason, result })
    this.closing.resolve(reason)
    if (this.closeWith === 'ok') result.resolve()
    else if (this.closeWith !== 'hold') result.reject(this.closeWith)
    return result.promise
  }
}

const created: StubSession[] = []
const backends: StubBackend[] = []

/**
 * After a test (even a failed one): settle whatever it left pending, so the service's
 * disposal in afterEach cannot hang on a held close or an unsettled backend spawn.
 */
export async function release(w: World | undefined): Promise<void> {
  for (const backend of backends.splice(0)) {
    for (const spawn of backend.spawns) if (!spawn.result.settled) spawn.result.reject(new Error('test ended'))
  }
  for (const session of created.splice(0)) {
    session.closeWith = 'ok'
    for (const close of session.closes) if (!close.result.settled) close.result.resolve()
  }
  await w?.root.fiber.dispose()
}

/** Resolves once `signal` is aborted. */
export function aborted(signal: AbortSignal): Promise<unknown> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve(signal.reason)
    else signal.addEventListener('abort', () => resolve(signal.reason), { once: true })
  })
}

/** A backend whose spawns the test settles one by one. */
export class StubBackend implements TerminalBackend {
  readonly spawns: Array<{ request: TerminalBackendSpawnRequest, signal: AbortSignal, result: Controlled<TerminalBackendSession> }> = []
  constructor(readonly type = 'stub') { backends.push(this) }
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

export async function world(config: ConfigInput = {}): Promise<World> {
  const root = new Context()
  const logged: unknown[] = []
  root.logger.exporter({ export: (message) => { if (message.type === 'error') logged.push(message.args[0]) } })
  await root.plugin(AgentRegistry)
  const fiber = root.plugin(TerminalSessionService, Config.parse(config))
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

/** The individual failures an agent disposal (AgentDisposeError of our AggregateError) reported. */
export function reportedFailures(error: unknown): unknown[] {
  if (!(error instanceof AggregateError)) return [error]
  return error.errors.flatMap(reportedFailures)
}

/** Count the teardown hooks currently registered on `agent` (instruments its onDispose). */
export function watchHooks(agent: Agent): { readonly count: number } {
  const live = new Set<unknown>()
  const original = agent.onDispose.bind(agent)
  agent.onDispose = (hook) => {
    live.add(hook)
    const off = original(hook)
    return () => { live.delete(hook); off() }
  }
  return { get count() { return live.size } }
}
