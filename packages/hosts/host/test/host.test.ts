import type {} from 'dsh-jobs'
import { afterEach, describe, expect, it } from 'vitest'
import { type CallProgress, createHost, type Host, HostError, type JobCompletion } from '../src'
import { BASE_TEST_TOOLS_YML, processGone, TEST_TOOLS_YML } from './helpers/procs'

const quiet = () => {}
let host: Host | undefined
afterEach(async () => {
  await host?.shutdown()
  host = undefined
})

describe('createHost: the core every front stands on', () => {
  it('keeps one live agent per name, mints unique names, and finds without creating', async () => {
    host = await createHost({ configPath: TEST_TOOLS_YML, log: quiet })
    const a = host.agentNamed('a')
    expect(host.agentNamed('a')).toBe(a)
    expect(host.findAgent('nobody')).toBeUndefined()
    host.agentNamed('mcp-2')
    const first = host.mintAgent('mcp')
    const second = host.mintAgent('mcp')
    expect([first.name, second.name]).toEqual(['mcp-1', 'mcp-3'])
    await host.disposeAgent(first)
    expect(host.findAgent('mcp-1')).toBeUndefined()
    expect(host.mintAgent('mcp').name).toBe('mcp-4')
  })

  it('runs a call and cancels one through the front signal or the agent ending', async () => {
    host = await createHost({ configPath: TEST_TOOLS_YML, log: quiet })
    const agent = host.agentNamed('a')
    const echo = await host.callTool({ agent, tool: 'test_echo', args: { text: 'core' }, callId: 'a/1' })
    expect(echo).toMatchObject({ isError: false, content: 'echo: core', value: { echo: 'core', agent: 'a' }, callId: 'a/1' })
    const front = new AbortController()
    const gated = host.callTool({ agent, tool: 'test_gate', args: { key: 'never' }, signal: front.signal })
    front.abort(new Error('the client cancelled'))
    expect(await gated).toMatchObject({ isError: true, errorCode: 'CANCELLED', content: expect.stringContaining('(the client cancelled)') })
    const other = host.agentNamed('b')
    const ending = host.callTool({ agent: other, tool: 'test_gate', args: { key: 'never' } })
    await host.disposeAgent(other)
    expect(await ending).toMatchObject({ isError: true, errorCode: 'CANCELLED' })
  })

  it('reports progress while a call runs: elapsed time and the bytes the tool offers', async () => {
    host = await createHost({ configPath: TEST_TOOLS_YML, log: quiet })
    const agent = host.agentNamed('a')
    const reports: CallProgress[] = []
    const call = host.callTool({ agent, tool: 'test_progress', args: { key: 'p', bytes: 42 }, onProgress: (p) => reports.push(p) })
    await expect.poll(() => reports.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2)
    expect(reports[0]!.outputBytes).toBe(42)
    expect(reports[1]!.elapsedMs).toBeGreaterThan(reports[0]!.elapsedMs)
    await host.callTool({ agent, tool: 'test_release', args: { key: 'p' } })
    expect((await call).content).toBe('progress gate p opened')
    const count = reports.length
    await host.callTool({ agent, tool: 'test_echo', args: { text: 'x' } })
    expect(reports).toHaveLength(count)
  })

  it('refuses calls past maxCallsInFlight with TOO_MANY_CALLS and takes them again once answered', async () => {
    host = await createHost({ configPath: TEST_TOOLS_YML, log: quiet, maxCallsInFlight: 2 })
    const agent = host.agentNamed('a')
    const calls = [1, 2].map(() => host!.callTool({ agent, tool: 'test_gate', args: { key: 'g' } }))
    const refused = await host.callTool({ agent, tool: 'test_echo', args: { text: 'x' } }).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(HostError)
    expect(refused).toMatchObject({ code: 'TOO_MANY_CALLS', message: '2 tool calls are already in flight (the limit is 2); wait for some to answer or cancel them, then retry' })
    const released = host.root.tools.execute({ agent, name: 'test_release', arguments: { key: 'g' } })
    await Promise.all([...calls, released])
    expect((await host.callTool({ agent, tool: 'test_echo', args: { text: 'again' } })).content).toBe('echo: again')
  })

  it('hands job completions to listeners with the owning agent', async () => {
    host = await createHost({ configPath: TEST_TOOLS_YML, log: quiet })
    const agent = host.agentNamed('a')
    const events: JobCompletion[] = []
    const off = host.onJobCompleted((e) => events.push(e))
    await host.callTool({ agent, tool: 'test_job', args: { key: 'j', output: 'forty-two' } })
    await host.callTool({ agent: host.agentNamed('b'), tool: 'test_release', args: { key: 'j' } })
    await expect.poll(() => events.length).toBe(1)
    expect(events[0]).toEqual({ agent, jobId: 'test-1', status: 'completed', content: 'forty-two\n[status: completed, gate j opened]' })
    off()
  })

  it('answers NOT_AVAILABLE naming the package when a seam is not mounted', async () => {
    host = await createHost({ configPath: BASE_TEST_TOOLS_YML, log: quiet })
    await expect(host.setSandboxMode(host.agentNamed('a'), 'read-only')).rejects.toMatchObject({
      code: 'NOT_AVAILABLE',
      message: 'no sandbox policy is mounted (ctx.sandboxPolicy): add dsh-sandbox-policy to the composition to change sandbox modes',
    })
  })

  it('shuts down: aborts calls in flight, refuses new ones, leaves no child', async () => {
    host = await createHost({ configPath: TEST_TOOLS_YML, log: quiet })
    const agent = host.agentNamed('a')
    const slept = await host.callTool({ agent, tool: 'test_sleeper', args: {} })
    const pid = (slept.value as { pid: number }).pid
    const gated = host.callTool({ agent, tool: 'test_gate', args: { key: 'never' } })
    const stopped = host.shutdown()
    expect(host.stopping).toBe(true)
    await expect(host.callTool({ agent, tool: 'test_echo', args: { text: 'late' } })).rejects.toMatchObject({ code: 'SHUTTING_DOWN' })
    expect(await gated).toMatchObject({ isError: true, errorCode: 'CANCELLED', content: expect.stringContaining('(the host is shutting down)') })
    await stopped
    // the fixture SIGKILLs its sleeper on disposal without awaiting the exit
    await expect.poll(() => processGone(pid), { timeout: 20_000 }).toBe(true)
    expect(host.root.get('tools')).toBeUndefined()
  })
})
