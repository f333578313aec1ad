import { Agent } from 'dsh-agent'
import { afterEach, describe, expect, it } from 'vitest'
import { code, rejection, StubSession, type World, world, release } from './stubs'

let w: World
afterEach(() => release(w))

describe('spawn', () => {
  it('mints the pty-<n> id before backend setup', async () => {
    w = await world()
    const opening = w.terminals.spawn(w.alice, { type: 'stub' })
    expect(w.backend.last.request.sessionId).toBe('pty-1')
    w.backend.last.result.resolve(new StubSession())
    expect((await opening).sessionId).toBe('pty-1')
  })

  it('never reuses an id, not after a kill and not after a failed spawn', async () => {
    w = await world()
    const first = await w.open(w.alice)
    await w.terminals.kill(w.alice, first.id)
    const failing = w.terminals.spawn(w.alice, { type: 'stub' })
    expect(w.backend.last.request.sessionId).toBe('pty-2')
    w.backend.last.result.reject(new Error('bash: not found'))
    await rejection(failing)
    expect((await w.open(w.alice)).id).toBe('pty-3')
  })

  it('passes owner, id, name and cwd to the backend and returns snapshot plus motd', async () => {
    w = await world()
    const opening = w.terminals.spawn(w.alice, { type: 'stub', name: 'build', cwd: '/tmp' })
    expect(w.backend.last.request).toEqual({ owner: w.alice, sessionId: 'pty-1', name: 'build', cwd: '/tmp' })
    w.backend.last.result.resolve(new StubSession(777))
    expect(await opening).toEqual({
      sessionId: 'pty-1', name: 'build', type: 'stub', pid: 777, status: { kind: 'running' }, motd: 'welcome to the stub\n',
    })
  })

  it('refuses a name the owner already uses for a live session', async () => {
    w = await world()
    await w.open(w.alice, 'build')
    const error = await rejection(w.terminals.spawn(w.alice, { type: 'stub', name: 'build' }))
    expect(error).toEqual(code('DUPLICATE_NAME'))
    expect((error as Error).message).toContain('"build"')
    expect(w.backend.spawns).toHaveLength(1)
  })

  it('refuses a name the owner uses for a spawn still in flight', async () => {
    w = await world()
    const opening = w.terminals.spawn(w.alice, { type: 'stub', name: 'build' })
    expect(await rejection(w.terminals.spawn(w.alice, { type: 'stub', name: 'build' }))).toEqual(code('DUPLICATE_NAME'))
    w.backend.last.result.resolve(new StubSession())
    await opening
  })

  it('lets two owners use the same name, and one owner two unnamed sessions', async () => {
    w = await world()
    await w.open(w.alice, 'build')
    await w.open(w.bob, 'build')
    await w.open(w.alice)
    await w.open(w.alice)
    expect(w.terminals.list(w.alice).map((s) => s.name)).toEqual(['build', undefined, undefined])
    expect(w.terminals.list(w.bob).map((s) => s.name)).toEqual(['build'])
  })

  it('frees a name once its session is killed or its spawn failed', async () => {
    w = await world()
    const { id } = await w.open(w.alice, 'build')
    await w.terminals.kill(w.alice, id)
    const failing = w.terminals.spawn(w.alice, { type: 'stub', name: 'build' })
    w.backend.last.result.reject(new Error('no tty'))
    await rejection(failing)
    expect((await w.open(w.alice, 'build')).id).toBe('pty-3')
  })

  it('refuses an owner that has ended, without minting an id', async () => {
    w = await world()
    const carol = w.root.agents.create('carol')
    await w.root.agents.dispose(carol)
    const error = await rejection(w.terminals.spawn(carol, { type: 'stub' }))
    expect(error).toEqual(code('OWNER_NOT_LIVE'))
    expect((error as Error).message).toContain('agent "carol" has ended')
    expect(w.backend.spawns).toHaveLength(0)
    expect((await w.open(w.alice)).id).toBe('pty-1')
  })

  it('refuses a look-alike agent that is not the registered object', async () => {
    w = await world()
    const twin = new Agent(w.alice.id, w.alice.name, () => {})
    expect(await rejection(w.terminals.spawn(twin, { type: 'stub' }))).toEqual(code('OWNER_NOT_LIVE'))
  })

  it('an already-aborted caller signal rejects with its exact reason and starts nothing', async () => {
    w = await world()
    const reason = { why: 'user pressed escape' }
    expect(await rejection(w.terminals.spawn(w.alice, { type: 'stub' }, AbortSignal.abort(reason)))).toBe(reason)
    expect(w.backend.spawns).toHaveLength(0)
    expect(w.terminals.hasOwnerActivity(w.alice)).toBe(false)
  })

  it('reports owner activity from reservation until the last session is gone', async () => {
    w = await world()
    expect(w.terminals.hasOwnerActivity(w.alice)).toBe(false)
    const opening = w.terminals.spawn(w.alice, { type: 'stub' })
    expect(w.terminals.hasOwnerActivity(w.alice)).toBe(true)
    expect(w.terminals.hasOwnerActivity(w.bob)).toBe(false)
    w.backend.last.result.resolve(new StubSession())
    const { sessionId } = await opening
    expect(w.terminals.hasOwnerActivity(w.alice)).toBe(true)
    await w.terminals.kill(w.alice, sessionId)
    expect(w.terminals.hasOwnerActivity(w.alice)).toBe(false)
  })

  it('a plain backend failure rejects as is and leaves no activity behind', async () => {
    w = await world()
    const failure = new Error('bash exited during startup')
    const opening = w.terminals.spawn(w.alice, { type: 'stub' })
    w.backend.last.result.reject(failure)
    expect(await rejection(opening)).toBe(failure)
    expect(w.terminals.hasOwnerActivity(w.alice)).toBe(false)
    expect(w.terminals.list(w.alice)).toEqual([])
  })

  it('a backend whose spawn throws synchronously rejects the spawn', async () => {
    w = await world()
    const failure = new Error('bad cwd')
    w.backend.spawn = () => { throw failure }
    expect(await rejection(w.terminals.spawn(w.alice, { type: 'stub' }))).toBe(failure)
    expect(w.terminals.hasOwnerActivity(w.alice)).toBe(false)
  })
})
