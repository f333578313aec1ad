import { AgentDisposeError } from 'dsh-agent'
import { afterEach, describe, expect, it } from 'vitest'
import { code, rejection, release, reportedFailures, StubBackend, watchHooks, type World, world } from './stubs'

let w: World
afterEach(() => release(w))

const survivors = (pid: number) => new Error(`processes survived teardown: ${pid}`)

describe('owner disposal', () => {
  it('closes every session of the owner and leaves other owners alone', async () => {
    w = await world()
    const a1 = await w.open(w.alice)
    const a2 = await w.open(w.alice)
    const b1 = await w.open(w.bob)
    await w.root.agents.dispose(w.alice)
    expect(a1.session.closes.map((c) => c.reason)).toEqual([code('OWNER_NOT_LIVE')])
    expect(a2.session.closes).toHaveLength(1)
    expect(b1.session.closes).toHaveLength(0)
    expect(w.terminals.hasOwnerActivity(w.alice)).toBe(false)
    expect(w.terminals.list(w.bob).map((s) => s.sessionId)).toEqual([b1.id])
  })

  it('waits for every close before it resolves', async () => {
    w = await world()
    const { session } = await w.open(w.alice)
    session.closeWith = 'hold'
    let disposed = false
    const disposing = w.root.agents.dispose(w.alice).then(() => { disposed = true })
    await session.closing.promise
    await Promise.resolve()
    expect(disposed).toBe(false)
    session.closes[0]!.result.resolve()
    await disposing
    expect(disposed).toBe(true)
  })

  it('aggregates every close failure into the agent disposal error', async () => {
    w = await world()
    const one = await w.open(w.alice)
    const two = await w.open(w.alice)
    const ok = await w.open(w.alice)
    one.session.closeWith = survivors(101)
    two.session.closeWith = survivors(202)
    const error = await rejection(w.root.agents.dispose(w.alice))
    expect(error).toBeInstanceOf(AgentDisposeError)
    expect(reportedFailures(error)).toEqual([one.session.closeWith, two.session.closeWith])
    expect((error as Error).message).toMatch(/agent "alice": 2 terminal cleanup failure\(s\): processes survived teardown: 101; processes survived teardown: 202/)
    expect(ok.session.closes).toHaveLength(1)
  })

  it('a session whose close failed stays tracked, and service disposal tries again', async () => {
    w = await world()
    const { session } = await w.open(w.alice)
    const failure = survivors(101)
    session.closeWith = failure
    await rejection(w.root.agents.dispose(w.alice))
    expect(w.terminals.hasOwnerActivity(w.alice)).toBe(true)
    session.closeWith = 'ok'
    await w.unloadService()
    expect(session.closes).toHaveLength(2)
    expect(w.logged).toEqual([])
    expect(w.terminals.hasOwnerActivity(w.alice)).toBe(false)
  })

  it('joins a kill already in flight instead of closing twice', async () => {
    w = await world()
    const { id, session } = await w.open(w.alice)
    session.closeWith = 'hold'
    const killing = w.terminals.kill(w.alice, id)
    const disposing = w.root.agents.dispose(w.alice)
    expect(session.closes).toHaveLength(1)
    session.closes[0]!.result.resolve()
    expect(await killing).toBe(true)
    await disposing
  })

  it('hooks an owner only while it has terminal activity', async () => {
    w = await world()
    const hooks = watchHooks(w.alice)
    const first = await w.open(w.alice)
    const second = await w.open(w.alice)
    expect(hooks.count).toBe(1)
    await w.terminals.kill(w.alice, first.id)
    expect(hooks.count).toBe(1)
    await w.terminals.kill(w.alice, second.id)
    expect(hooks.count).toBe(0)
  })
})

describe('service disposal', () => {
  it('closes the sessions of every owner with SERVICE_DISPOSING', async () => {
    w = await world()
    const a = await w.open(w.alice)
    const b = await w.open(w.bob)
    await w.unloadService()
    expect(a.session.closes.map((c) => c.reason)).toEqual([code('SERVICE_DISPOSING')])
    expect(b.session.closes).toHaveLength(1)
    expect(w.logged).toEqual([])
  })

  it('reports every close failure and still clears its registries', async () => {
    w = await world()
    const one = await w.open(w.alice)
    const two = await w.open(w.bob)
    one.session.closeWith = survivors(101)
    two.session.closeWith = survivors(202)
    await w.unloadService()
    expect(w.logged).toEqual([one.session.closeWith, two.session.closeWith])
    expect(w.terminals.listBackends()).toEqual([])
    expect(w.terminals.hasOwnerActivity(w.alice)).toBe(false)
    expect(w.terminals.hasOwnerActivity(w.bob)).toBe(false)
  })

  it('unhooks the owners it forgot, even those whose close failed', async () => {
    w = await world()
    const hooks = watchHooks(w.alice)
    const { session } = await w.open(w.alice)
    session.closeWith = survivors(101)
    expect(hooks.count).toBe(1)
    await w.unloadService()
    expect(hooks.count).toBe(0)
    await w.root.agents.dispose(w.alice)
    expect(session.closes).toHaveLength(1)
  })

  it('while it runs, every entry point fails with SERVICE_DISPOSING', async () => {
    w = await world()
    const { id, session } = await w.open(w.alice)
    session.closeWith = 'hold'
    const unloading = w.unloadService()
    await session.closing.promise
    const t = w.terminals
    expect(await rejection(t.spawn(w.alice, { type: 'stub' }))).toEqual(code('SERVICE_DISPOSING'))
    expect(() => t.startSend(w.alice, id, { text: 'ls', submit: true })).toThrow(code('SERVICE_DISPOSING'))
    expect(await rejection(t.read(w.alice, id))).toEqual(code('SERVICE_DISPOSING'))
    expect(await rejection(t.signal(w.alice, id, 'SIGINT'))).toEqual(code('SERVICE_DISPOSING'))
    expect(await rejection(t.kill(w.alice, id))).toEqual(code('SERVICE_DISPOSING'))
    expect(() => t.list(w.alice)).toThrow(code('SERVICE_DISPOSING'))
    expect(() => t.registerBackend(new StubBackend('late'))).toThrow(code('SERVICE_DISPOSING'))
    expect(() => t.list(w.alice)).toThrow(/shutting down; retry once it has been loaded again/)
    session.closes[0]!.result.resolve()
    await unloading
  })

  it('starts no session at load', async () => {
    w = await world()
    expect(w.backend.spawns).toEqual([])
    expect(w.terminals.hasOwnerActivity(w.alice)).toBe(false)
  })
})
