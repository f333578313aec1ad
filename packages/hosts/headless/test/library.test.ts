import { describe, expect, it } from 'vitest'
import { createHeadlessHost } from '../src/host'
import { TEST_TOOLS_YML } from './helpers/headless-process'

const quiet = () => {}

describe('createHeadlessHost (library)', () => {
  it('answers requests in-process and shuts down', async () => {
    const host = await createHeadlessHost({ configPath: TEST_TOOLS_YML, log: quiet })
    expect(await host.send({ id: 1, agent: 'a', tool: 'test_echo', args: { text: 'lib' } }))
      .toMatchObject({ id: 1, ok: true, content: 'echo: lib' })
    const tools = await host.send({ id: 2, op: 'tools', agent: 'a' })
    const names = (tools as { result: { tools: { name: string }[] } }).result.tools.map((t) => t.name)
    expect(names).toEqual(expect.arrayContaining(['test_echo', 'test_gate']))
    expect(await host.handleLine('{')).toMatchObject({ id: null, ok: false, error: { code: 'BAD_REQUEST' } })
    expect(await host.send({ id: 3, op: 'shutdown' })).toEqual({ id: 3, ok: true, result: { stopped: true } })
    expect(host.stopping).toBe(true)
    expect(await host.send({ id: 4, op: 'prompt' })).toMatchObject({ ok: false, error: { code: 'SHUTTING_DOWN' } })
  })
})
