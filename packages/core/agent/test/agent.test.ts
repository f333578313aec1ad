import { Context } from '@deepseek-ai/cordis'
import { afterEach, describe, expect, it } from 'vitest'
import { Agent, AgentDisposeError, AgentError, AgentRegistry } from '../src'

async function setup() {
  const root = new Context()
  await root.plugin(AgentRegistry)
  return root
}

describe('ctx.agents', () => {
  let root: Context | undefined
  afterEach(async () => { await root?.fiber.dispose() })

  it('creates live agents with unique ids and refuses a duplicate live name', async () => {
    root = await setup()
    const a = root.agents.create('a')
    const b = root.agents.create('b')
    expect(a).toBeInstanceOf(Agent)
    expect(a.id).not.toBe(b.id)
    expect(root.agents.isLive(a)).toBe(true)
    expect(() => root!.agents.create('a')).toThrow(expect.objectContaining({ code: 'DUPLICATE_AGENT' }))
    expect(root.agents.get(a.id)).toBe(a)
    expect(root.agents.byName('b')).toBe(b)
  })

  it('an agent stops being live when disposed and its teardown hooks are awaited', async () => {
    root = await setup()
    const a = root.agents.create('a')
    const order: string[] = []
    a.onDispose(async () => { await Promise.resolve(); order.push('first') })
    const off = a.onDispose(() => order.push('removed'))
    off()
    await root.agents.dispose(a)
    expect(order).toEqual(['first'])
    expect(root.agents.isLive(a)).toBe(false)
    expect(a.signal.aborted).toBe(true)
    // a look-alike with the same id is never live
    const again = root.agents.create('a')
    expect(again.id).not.toBe(a.id)
  })

  it('aggregates teardown failures and still runs every hook', async () => {
    root = await setup()
    const a = root.agents.create('a')
    let ran = 0
    a.onDispose(() => { ran++; throw new Error('pty-1 survivors: 123') })
    a.onDispose(async () => { ran++ })
    const error = await root.agents.dispose(a).catch((e) => e)
    expect(error).toBeInstanceOf(AgentDisposeError)
    expect(error.code).toBe('DISPOSE_FAILED')
    expect(error.message).toContain('pty-1 survivors: 123')
    expect(ran).toBe(2)
  })

  it('session events can be vetoed by a listener before they commit', async () => {
    root = await setup()
    const a = root.agents.create('a')
    a.session.append('sandbox/mode', { mode: 'read-only' })
    const off = root.on('agent/session-append', (_agent, event) => {
      if (event.type === 'sandbox/mode') throw new Error('close terminals first')
    })
    expect(() => a.session.append('sandbox/mode', { mode: 'workspace-write' }))
      .toThrow(expect.objectContaining({ code: 'EVENT_VETOED', message: 'close terminals first' }))
    expect(a.session.last('sandbox/mode')?.data).toEqual({ mode: 'read-only' })
    a.session.append('tool/call', { name: 'x' })
    off()
    a.session.append('sandbox/mode', { mode: 'workspace-write' })
    expect(a.session.events().map((e) => e.type)).toEqual(['sandbox/mode', 'tool/call', 'sandbox/mode'])
    expect(a.session.events().map((e) => e.seq)).toEqual([1, 2, 3])
  })

  it('disposing the service ends every live agent', async () => {
    root = await setup()
    const a = root.agents.create('a')
    let ended = false
    a.onDispose(() => { ended = true })
    await root.fiber.dispose()
    root = undefined
    expect(ended).toBe(true)
    expect(a.disposed).toBe(true)
  })

  it('errors carry a code and a next step', () => {
    const error = new AgentError('AGENT_DISPOSED')
    expect(error.code).toBe('AGENT_DISPOSED')
    expect(error.message).toMatch(/create a new agent/)
  })
})
