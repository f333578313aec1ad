import { afterEach, describe, expect, it } from 'vitest'
import { Config } from '../src'
import { StubSession, type World, code, rejection, world } from './stubs'

describe('session caps', () => {
  let w: World | undefined
  afterEach(async () => { await w?.root.fiber.dispose() })

  it('an agent past maxSessionsPerAgent gets SESSION_LIMIT and nothing starts; closing one makes room', async () => {
    w = await world({ maxSessionsPerAgent: 2, maxSessions: 10 })
    const first = await w.open(w.alice)
    const pending = w.terminals.spawn(w.alice, { type: 'stub' }) // in flight: it counts
    const error = await rejection(w.terminals.spawn(w.alice, { type: 'stub' }))
    expect(error).toEqual(code('SESSION_LIMIT'))
    expect((error as Error).message).toMatch(/you already have 2 terminal sessions.*maxSessionsPerAgent: 2.*close one you no longer need with terminal_close \(terminal_list shows them\)/)
    expect(w.backend.spawns).toHaveLength(2)
    // another agent is not held back by alice's cap
    expect((await w.open(w.bob)).id).toBe('pty-3')
    w.backend.last.result.resolve(new StubSession())
    w.backend.spawns[1]!.result.resolve(new StubSession())
    await pending
    await w.terminals.kill(w.alice, first.id)
    expect((await w.open(w.alice)).id).toBe('pty-4')
  })

  it('the host past maxSessions refuses every agent with SESSION_LIMIT naming the host limit', async () => {
    w = await world({ maxSessionsPerAgent: 2, maxSessions: 3 })
    await w.open(w.alice)
    await w.open(w.alice)
    const bobs = await w.open(w.bob)
    const error = await rejection(w.terminals.spawn(w.bob, { type: 'stub' }))
    expect(error).toEqual(code('SESSION_LIMIT'))
    expect((error as Error).message).toMatch(/this host already holds 3 terminal sessions across all agents.*maxSessions: 3/)
    await w.terminals.kill(w.bob, bobs.id)
    expect((await w.open(w.bob)).id).toBe('pty-4')
  })

  it('the defaults, and a per-agent cap above the host cap refused naming both', () => {
    expect(Config.parse(undefined)).toEqual({ maxSessionsPerAgent: 64, maxSessions: 128 })
    expect(() => Config.parse({ maxSessionsPerAgent: 10, maxSessions: 5 })).toThrow(/maxSessionsPerAgent \(10\) must not exceed maxSessions \(5\)/)
    expect(() => Config.parse({ maxSessions: 0 })).toThrow(/maxSessions must be at least 1/)
  })
})
