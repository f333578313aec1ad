import { afterEach, describe, expect, it } from 'vitest'
import { terminalSessionId } from '../src'
import { code, rejection, StubSession, type World, world, release } from './stubs'

let w: World
afterEach(() => release(w))

describe('owner fencing', () => {
  it('read by another owner fails with FOREIGN_SESSION', async () => {
    w = await world()
    const { id } = await w.open(w.alice)
    const error = await rejection(w.terminals.read(w.bob, id))
    expect(error).toEqual(code('FOREIGN_SESSION'))
    expect((error as Error).message).toContain(`"${id}" belongs to another agent`)
  })

  it('startSend by another owner fails with FOREIGN_SESSION and sends nothing', async () => {
    w = await world()
    const { id, session } = await w.open(w.alice)
    expect(() => w.terminals.startSend(w.bob, id, { text: 'rm -rf ~', submit: true })).toThrow(code('FOREIGN_SESSION'))
    expect(session.sends).toHaveLength(0)
  })

  it('signal by another owner fails with FOREIGN_SESSION and signals nothing', async () => {
    w = await world()
    const { id, session } = await w.open(w.alice)
    expect(await rejection(w.terminals.signal(w.bob, id, 'SIGINT'))).toEqual(code('FOREIGN_SESSION'))
    expect(session.signals).toEqual([])
  })

  it('kill by another owner fails with FOREIGN_SESSION and closes nothing', async () => {
    w = await world()
    const { id, session } = await w.open(w.alice)
    expect(await rejection(w.terminals.kill(w.bob, id))).toEqual(code('FOREIGN_SESSION'))
    expect(session.closes).toHaveLength(0)
    expect(w.terminals.list(w.alice)).toHaveLength(1)
  })

  it('list shows only the caller\'s sessions', async () => {
    w = await world()
    await w.open(w.alice, 'a1')
    await w.open(w.bob, 'b1')
    await w.open(w.alice, 'a2')
    expect(w.terminals.list(w.alice).map((s) => [s.sessionId, s.name])).toEqual([['pty-1', 'a1'], ['pty-3', 'a2']])
    expect(w.terminals.list(w.bob).map((s) => [s.sessionId, s.name])).toEqual([['pty-2', 'b1']])
  })

  it('every operation on an unknown id fails with NO_SESSION', async () => {
    w = await world()
    const id = terminalSessionId('pty-99')
    expect(await rejection(w.terminals.read(w.alice, id))).toEqual(code('NO_SESSION'))
    expect(() => w.terminals.startSend(w.alice, id, { text: 'ls', submit: true })).toThrow(code('NO_SESSION'))
    expect(await rejection(w.terminals.signal(w.alice, id, 'SIGINT'))).toEqual(code('NO_SESSION'))
    expect(await rejection(w.terminals.kill(w.alice, id))).toEqual(code('NO_SESSION'))
    expect(await rejection(w.terminals.read(w.alice, id))).toEqual(expect.objectContaining({ message: expect.stringContaining('use terminal_list') }))
  })

  it('a session id still being spawned is not addressable yet (NO_SESSION)', async () => {
    w = await world()
    const opening = w.terminals.spawn(w.alice, { type: 'stub' })
    expect(await rejection(w.terminals.read(w.alice, terminalSessionId('pty-1')))).toEqual(code('NO_SESSION'))
    w.backend.last.result.resolve(new StubSession())
    await opening
  })

  it('a caller that is no longer live gets OWNER_NOT_LIVE from every operation', async () => {
    w = await world()
    const carol = w.root.agents.create('carol')
    const { id } = await w.open(w.alice)
    await w.root.agents.dispose(carol)
    expect(await rejection(w.terminals.read(carol, id))).toEqual(code('OWNER_NOT_LIVE'))
    expect(() => w.terminals.startSend(carol, id, { text: 'ls', submit: true })).toThrow(code('OWNER_NOT_LIVE'))
    expect(await rejection(w.terminals.signal(carol, id, 'SIGINT'))).toEqual(code('OWNER_NOT_LIVE'))
    expect(await rejection(w.terminals.kill(carol, id))).toEqual(code('OWNER_NOT_LIVE'))
    expect(() => w.terminals.list(carol)).toThrow(code('OWNER_NOT_LIVE'))
  })
})
