import { afterEach, describe, expect, it } from 'vitest'
import { code, rejection, type World, world, release } from './stubs'

let w: World
afterEach(() => release(w))

describe('kill', () => {
  it('closes the session with the given reason and returns true', async () => {
    w = await world()
    const { id, session } = await w.open(w.alice)
    expect(await w.terminals.kill(w.alice, id, 'done with it')).toBe(true)
    expect(session.closes.map((c) => c.reason)).toEqual(['done with it'])
    expect(w.terminals.list(w.alice)).toEqual([])
    expect(await rejection(w.terminals.kill(w.alice, id))).toEqual(code('NO_SESSION'))
  })

  it('a kill while a close is in flight awaits that close and returns false', async () => {
    w = await world()
    const { id, session } = await w.open(w.alice)
    session.closeWith = 'hold'
    const first = w.terminals.kill(w.alice, id)
    let joinedSettled = false
    const joined = w.terminals.kill(w.alice, id).then((killed) => { joinedSettled = true; return killed })
    await Promise.resolve()
    expect(joinedSettled).toBe(false)
    expect(session.closes).toHaveLength(1)
    session.closes[0]!.result.resolve()
    expect(await first).toBe(true)
    expect(await joined).toBe(false)
  })

  it('a kill joining a close that fails rejects with that failure', async () => {
    w = await world()
    const { id, session } = await w.open(w.alice)
    session.closeWith = 'hold'
    const first = w.terminals.kill(w.alice, id)
    const joined = w.terminals.kill(w.alice, id)
    const survivors = new Error('processes survived teardown: 31337')
    session.closes[0]!.result.reject(survivors)
    expect(await rejection(first)).toBe(survivors)
    expect(await rejection(joined)).toBe(survivors)
    session.closeWith = 'ok'
  })

  it('a failed close keeps the session; a later kill tries again', async () => {
    w = await world()
    const { id, session } = await w.open(w.alice)
    const survivors = new Error('processes survived teardown: 31337')
    session.closeWith = survivors
    expect(await rejection(w.terminals.kill(w.alice, id))).toBe(survivors)
    expect(w.terminals.list(w.alice).map((s) => s.sessionId)).toEqual([id])
    expect(w.terminals.hasOwnerActivity(w.alice)).toBe(true)
    session.closeWith = 'ok'
    expect(await w.terminals.kill(w.alice, id)).toBe(true)
    expect(session.closes).toHaveLength(2)
    expect(w.terminals.list(w.alice)).toEqual([])
  })

  it('a session whose process exited stays listed as exited until killed', async () => {
    w = await world()
    const { id, session } = await w.open(w.alice, 'py')
    session.current = { kind: 'exited', exitCode: 3, signal: null }
    expect(w.terminals.list(w.alice)).toEqual([
      { sessionId: id, name: 'py', type: 'stub', pid: 4242, status: { kind: 'exited', exitCode: 3, signal: null } },
    ])
    expect(await w.terminals.kill(w.alice, id)).toBe(true)
    expect(w.terminals.list(w.alice)).toEqual([])
  })
})
