import { Context } from '@deepseek-ai/cordis'
import { afterEach, describe, expect, it } from 'vitest'
import { AgentRegistry, Config, type ConfigInput } from '../src'

async function setup(config: ConfigInput = {}) {
  const root = new Context()
  await root.plugin(AgentRegistry, Config.parse(config))
  return root
}

const MiB = 1024 * 1024

describe('ctx.agents limits', () => {
  let root: Context | undefined
  afterEach(async () => { await root?.fiber.dispose() })

  it('refuses an agent past maxAgents with AGENT_LIMIT and a next step; a disposal frees a place', async () => {
    root = await setup({ maxAgents: 2 })
    const a = root.agents.create('a')
    root.agents.create('b')
    expect(() => root!.agents.create('c')).toThrow(expect.objectContaining({
      code: 'AGENT_LIMIT',
      message: expect.stringMatching(/already has 2 live agents.*maxAgents: 2.*"c" was not created; dispose an agent you no longer need first, or raise maxAgents/),
    }))
    expect(root.agents.list().map((x) => x.name)).toEqual(['a', 'b'])
    await root.agents.dispose(a)
    expect(root.agents.create('c').name).toBe('c')
  })

  it('150 appends of 4 MiB arguments keep the log within its byte budget, recorded by size', async () => {
    root = await setup()
    const agent = root.agents.create('a')
    const { logBytes, eventBytes } = agent.session.limits
    agent.session.append('sandbox/mode', { mode: 'read-only' })
    const huge = 'x'.repeat(4 * MiB)
    for (let i = 0; i < 150; i++) {
      const event = agent.session.append('tool/call', { callId: `c-${i}`, name: 'job_list', arguments: { filter: huge } })
      expect(event.bytes).toBeGreaterThan(4 * MiB)
      expect(event.summarized).toBe(true)
      expect(event.data).toEqual({ callId: `c-${i}`, name: 'job_list', arguments: { omittedBytes: 4 * MiB + 13 } }) // {"filter":"x…x"}
      expect(agent.session.bytes).toBeLessThanOrEqual(logBytes)
    }
    // the log's own accounting, and what it really retains, stay bounded
    expect(agent.session.bytes).toBeLessThanOrEqual(logBytes)
    expect(JSON.stringify(agent.session.events()).length).toBeLessThanOrEqual(logBytes)
    expect(agent.session.events().every((e) => JSON.stringify(e.data).length <= eventBytes)).toBe(true)
    // the newest sandbox/mode survives, though older events were dropped
    expect(agent.session.last('sandbox/mode')?.data).toEqual({ mode: 'read-only' })
  })

  it('keeps small events as appended and drops the oldest past the byte budget', async () => {
    root = await setup({ sessionLogBytes: 4096, sessionEventBytes: 1024 })
    const agent = root.agents.create('a')
    const data = { callId: 'c-0', content: 'ok' }
    expect(agent.session.append('tool/result', data).data).toBe(data)
    for (let i = 1; i <= 100; i++) agent.session.append('tool/result', { callId: `c-${i}`, content: 'y'.repeat(200) })
    const kept = agent.session.events()
    expect(kept.length).toBeGreaterThan(5)
    expect(kept.length).toBeLessThan(20)
    expect(kept.at(-1)?.seq).toBe(101)
    expect(kept.map((e) => e.seq)).toEqual(kept.map((_, i) => 101 - kept.length + 1 + i))
    expect(agent.session.bytes).toBeLessThanOrEqual(4096)
  })

  it('a summary keeps small fields and records big ones (or anything not a plain object) by size', async () => {
    root = await setup({ sessionLogBytes: 65536, sessionEventBytes: 1024 })
    const agent = root.agents.create('a')
    const event = agent.session.append('tool/result', { callId: 'c-1', isError: false, content: 'z'.repeat(5000), errorCode: undefined })
    expect(event.data).toEqual({ callId: 'c-1', isError: false, content: { omittedBytes: 5002 } })
    expect(agent.session.append('blob', 'w'.repeat(3000)).data).toEqual({ omittedBytes: 3002 })
  })

  it('a config whose event budget exceeds the log budget is refused naming both', () => {
    expect(() => Config.parse({ sessionLogBytes: 4096, sessionEventBytes: 8192 }))
      .toThrow(/sessionEventBytes \(8192\) must not exceed sessionLogBytes \(4096\)/)
    expect(() => Config.parse({ maxAgents: 0 })).toThrow(/maxAgents must be at least 1/)
    expect(Config.parse(undefined)).toEqual({ maxAgents: 64, sessionLogBytes: 1048576, sessionEventBytes: 16384 })
  })
})
