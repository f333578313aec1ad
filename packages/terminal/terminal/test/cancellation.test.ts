import { AgentDisposeError } from 'dsh-agent'
import { afterEach, describe, expect, it } from 'vitest'
import { TerminalBackendCleanupError } from '../src'
import { aborted, code, drain, rejection, reportedFailures, StubSession, type World, world, release } from './stubs'

let w: World
afterEach(() => release(w))

/** Start a spawn for alice under a caller signal; the backend call stays pending. */
async function start() {
  w = await world()
  const caller = new AbortController()
  const opening = w.terminals.spawn(w.alice, { type: 'stub', name: 'x' }, caller.signal)
  return { caller, opening, backend: w.backend.last }
}

const survivors = () => new Error('rollback close failed: pid 31337 survived')

describe('caller cancellation keeps its exact reason', () => {
  it('when the backend rejects with that reason', async () => {
    const { caller, opening, backend } = await start()
    const reason = { why: 'user pressed escape' }
    caller.abort(reason)
    expect(backend.signal.reason).toBe(reason)
    backend.result.reject(backend.signal.reason)
    expect(await rejection(opening)).toBe(reason)
    expect(w.terminals.hasOwnerActivity(w.alice)).toBe(false)
  })

  it('when the backend rejects with something else', async () => {
    const { caller, opening, backend } = await start()
    const reason = new Error('canceled by user')
    caller.abort(reason)
    backend.result.reject(new Error('startup interrupted'))
    expect(await rejection(opening)).toBe(reason)
  })

  it('when the backend returns a session anyway: it is rolled back, never published', async () => {
    const { caller, opening, backend } = await start()
    const reason = new Error('canceled by user')
    caller.abort(reason)
    const session = new StubSession()
    backend.result.resolve(session)
    expect(await rejection(opening)).toBe(reason)
    expect(session.closes.map((c) => c.reason)).toEqual([reason])
    expect(w.terminals.list(w.alice)).toEqual([])
    expect(w.terminals.hasOwnerActivity(w.alice)).toBe(false)
  })

  it('when the rollback close fails; the failure stays owner activity until owner disposal reports it', async () => {
    const { caller, opening, backend } = await start()
    const reason = new Error('canceled by user')
    caller.abort(reason)
    const session = new StubSession()
    const failure = survivors()
    session.closeWith = failure
    backend.result.resolve(session)
    expect(await rejection(opening)).toBe(reason)
    expect(w.terminals.list(w.alice)).toEqual([])
    expect(w.terminals.hasOwnerActivity(w.alice)).toBe(true)
    const error = await rejection(w.root.agents.dispose(w.alice))
    expect(error).toBeInstanceOf(AgentDisposeError)
    expect(reportedFailures(error)).toEqual([failure])
    expect(w.terminals.hasOwnerActivity(w.alice)).toBe(false)
  })

  it('when the backend hands over its own failed cleanup (TerminalBackendCleanupError)', async () => {
    const { caller, opening, backend } = await start()
    const reason = new Error('canceled by user')
    caller.abort(reason)
    const cleanup = survivors()
    backend.result.reject(new TerminalBackendCleanupError(reason, cleanup))
    expect(await rejection(opening)).toBe(reason)
    expect(w.terminals.hasOwnerActivity(w.alice)).toBe(true)
    expect(reportedFailures(await rejection(w.root.agents.dispose(w.alice)))).toEqual([cleanup])
  })

  it('even when owner disposal begins while the canceled spawn is still settling; that disposal reports the cleanup failure', async () => {
    const { caller, opening, backend } = await start()
    const reason = new Error('canceled by user')
    caller.abort(reason)
    const disposing = rejection(w.root.agents.dispose(w.alice))
    expect(backend.signal.reason).toBe(reason)
    const session = new StubSession()
    const failure = survivors()
    session.closeWith = failure
    backend.result.resolve(session)
    expect(await rejection(opening)).toBe(reason)
    expect(reportedFailures(await disposing)).toEqual([failure])
    expect(w.terminals.hasOwnerActivity(w.alice)).toBe(false)
  })

  it('a caller abort after publication changes nothing', async () => {
    const { caller, opening, backend } = await start()
    const session = new StubSession()
    backend.result.resolve(session)
    const { sessionId } = await opening
    caller.abort(new Error('too late'))
    expect(backend.signal.aborted).toBe(false)
    expect(w.terminals.list(w.alice).map((s) => s.sessionId)).toEqual([sessionId])
    expect(session.closes).toHaveLength(0)
  })
})

describe('a backend failure without cancellation', () => {
  it('a TerminalBackendCleanupError rejects the spawn and its cleanup failure waits for service disposal', async () => {
    const { opening, backend } = await start()
    const cleanup = survivors()
    const failure = new TerminalBackendCleanupError(new Error('not ready within 30000 ms'), cleanup)
    backend.result.reject(failure)
    expect(await rejection(opening)).toBe(failure)
    expect(w.terminals.hasOwnerActivity(w.alice)).toBe(true)
    await w.unloadService()
    expect(w.logged).toEqual([cleanup])
    expect(w.terminals.hasOwnerActivity(w.alice)).toBe(false)
  })
})

describe('owner disposal during a spawn', () => {
  it('aborts the backend signal with OWNER_NOT_LIVE and waits for the backend to settle', async () => {
    const { opening, backend } = await start()
    let disposed = false
    const disposing = w.root.agents.dispose(w.alice).then(() => { disposed = true })
    expect(backend.signal.reason).toEqual(code('OWNER_NOT_LIVE'))
    await drain()
    expect(disposed).toBe(false)
    backend.result.reject(backend.signal.reason)
    expect(await rejection(opening)).toEqual(code('OWNER_NOT_LIVE'))
    await disposing
    expect(w.terminals.hasOwnerActivity(w.alice)).toBe(false)
  })

  it('rolls back a session the backend returns anyway, and waits for that rollback', async () => {
    const { opening, backend } = await start()
    let disposed = false
    const disposing = w.root.agents.dispose(w.alice).then(() => { disposed = true })
    const session = new StubSession()
    session.closeWith = 'hold'
    backend.result.resolve(session)
    await drain()
    expect(session.closes).toHaveLength(1)
    expect(disposed).toBe(false)
    session.closes[0]!.result.resolve()
    expect(await rejection(opening)).toEqual(code('OWNER_NOT_LIVE'))
    await disposing
    expect(w.terminals.list(w.bob)).toEqual([])
    expect(w.terminals.hasOwnerActivity(w.alice)).toBe(false)
  })

  it('a failed rollback close rejects both the spawn and the owner disposal', async () => {
    const { opening, backend } = await start()
    const disposing = rejection(w.root.agents.dispose(w.alice))
    const session = new StubSession()
    const failure = survivors()
    session.closeWith = failure
    backend.result.resolve(session)
    expect(await rejection(opening)).toBe(failure)
    expect(reportedFailures(await disposing)).toEqual([failure])
    expect(w.terminals.hasOwnerActivity(w.alice)).toBe(false)
  })

  it('a different backend rejection becomes OWNER_NOT_LIVE with the backend error as cause', async () => {
    const { opening, backend } = await start()
    const disposing = w.root.agents.dispose(w.alice)
    const failure = new Error('startup interrupted')
    backend.result.reject(failure)
    const error = await rejection(opening)
    expect(error).toEqual(code('OWNER_NOT_LIVE'))
    expect((error as Error).cause).toBe(failure)
    await disposing
  })

  it('a backend TerminalBackendCleanupError rejects the spawn and its cleanup failure rejects the disposal', async () => {
    const { opening, backend } = await start()
    const disposing = rejection(w.root.agents.dispose(w.alice))
    const cleanup = survivors()
    const failure = new TerminalBackendCleanupError(backend.signal.reason, cleanup)
    backend.result.reject(failure)
    expect(await rejection(opening)).toBe(failure)
    expect(reportedFailures(await disposing)).toEqual([cleanup])
  })

  it('a caller abort after owner disposal began does not replace the disposal reason', async () => {
    const { caller, opening, backend } = await start()
    const disposing = w.root.agents.dispose(w.alice)
    caller.abort(new Error('canceled by user'))
    expect(backend.signal.reason).toEqual(code('OWNER_NOT_LIVE'))
    backend.result.reject(new Error('startup interrupted'))
    expect(await rejection(opening)).toEqual(code('OWNER_NOT_LIVE'))
    await disposing
  })
})

describe('service disposal during a spawn', () => {
  it('aborts the backend signal with SERVICE_DISPOSING and the spawn rejects with it', async () => {
    const { opening, backend } = await start()
    const unloading = w.unloadService()
    expect(await aborted(backend.signal)).toEqual(code('SERVICE_DISPOSING'))
    backend.result.reject(backend.signal.reason)
    expect(await rejection(opening)).toEqual(code('SERVICE_DISPOSING'))
    await unloading
    expect(w.logged).toEqual([])
  })

  it('a failed rollback close rejects the spawn and is reported by the service disposal', async () => {
    const { opening, backend } = await start()
    const unloading = w.unloadService()
    await aborted(backend.signal)
    const session = new StubSession()
    const failure = survivors()
    session.closeWith = failure
    backend.result.resolve(session)
    expect(await rejection(opening)).toBe(failure)
    await unloading
    expect(w.logged).toEqual([failure])
  })
})
