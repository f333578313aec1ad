import { afterEach, describe, expect, it } from 'vitest'
import { BASE_TEST_TOOLS_YML, HeadlessProcess, processGone } from './helpers/headless-process'

// The real CLI (`node packages/hosts/headless/lib/cli.js headless`, what `pnpm dsh headless`
// runs) over the root composition plus test-only tools (packages/hosts/host/test/fixtures/test-tools.js).

let host: HeadlessProcess | undefined
afterEach(async () => {
  // a failing test must not leave the host running
  await host?.kill()
  host = undefined
})

describe('dsh headless over stdio', () => {
  it('answers concurrent requests out of order, each with its id', async () => {
    host = HeadlessProcess.start()
    host.send({ id: 1, agent: 'a', tool: 'test_gate', args: { key: 'k' } })
    host.send({ id: 2, agent: 'a', tool: 'test_echo', args: { text: 'fast' } })
    const fast = await host.response(2)
    expect(fast).toMatchObject({ id: 2, ok: true, result: { echo: 'fast', agent: 'a' }, content: 'echo: fast' })
    expect(fast.render).toEqual({ call: { card: 'generic', title: 'test_echo', kind: 'other' } })
    expect(host.order()).toEqual([2])
    host.send({ id: 'release', agent: 'b', tool: 'test_release', args: { key: 'k' } })
    expect(await host.response(1)).toMatchObject({ id: 1, ok: true, result: { key: 'k', opened: true }, content: 'gate k opened' })
    await host.response('release')
    expect(host.order().indexOf(2)).toBeLessThan(host.order().indexOf(1))
    host.end()
    expect(await host.exited).toEqual({ code: 0, signal: null })
  })

  it('cancels an in-flight call by its id', async () => {
    host = HeadlessProcess.start()
    host.send({ id: 10, agent: 'a', tool: 'test_gate', args: { key: 'never' } })
    host.send({ id: 11, op: 'cancel', target: 10 })
    expect(await host.response(11)).toEqual({ id: 11, ok: true, result: { target: 10, cancelled: true } })
    const cancelled = await host.response(10)
    expect(cancelled).toMatchObject({ id: 10, ok: false, error: { code: 'CANCELLED' } })
    expect(cancelled.content).toMatch(/^Error \[CANCELLED\]: tool call was cancelled \(cancelled by request 11\)/)
    host.send({ id: 12, op: 'cancel', target: 10 })
    expect(await host.response(12)).toEqual({ id: 12, ok: true, result: { target: 10, cancelled: false } })
    host.end()
    expect((await host.exited).code).toBe(0)
  })

  it('answers a malformed line with BAD_REQUEST and keeps serving', async () => {
    host = HeadlessProcess.start()
    host.send('this is not json')
    const bad = await host.response(null)
    expect(bad).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } })
    expect((bad.error as { message: string }).message).toMatch(/not valid JSON/)
    host.send({ id: 20, op: 'teleport' })
    expect(await host.response(20)).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST', message: expect.stringMatching(/unknown "op"/) } })
    host.send({ id: 21, agent: 'a', tool: 'test_echo', args: { text: 1, extra: true } })
    const invalid = await host.response(21)
    expect(invalid).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENTS' } })
    expect(invalid.content).toMatch(/undeclared argument "extra"/)
    host.send({ id: 22, agent: 'a', tool: 'test_echo', args: { text: 'still here' } })
    expect(await host.response(22)).toMatchObject({ ok: true, content: 'echo: still here' })
    host.end()
    expect((await host.exited).code).toBe(0)
  })

  it('answers host-level errors with codes', async () => {
    host = HeadlessProcess.start()
    host.send({ id: 30, op: 'sandbox-mode', agent: 'a', mode: 'read-only' })
    expect(await host.response(30)).toEqual({ id: 30, ok: true, result: { agent: 'a', mode: 'read-only' } })
    host.send({ id: 31, op: 'sandbox-mode', agent: 'a', mode: 'yolo' })
    expect(await host.response(31)).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST', message: expect.stringMatching(/unknown sandbox mode "yolo"/) } })
    host.send({ id: 32, op: 'dispose-agent', agent: 'nobody' })
    expect(await host.response(32)).toMatchObject({ ok: false, error: { code: 'UNKNOWN_AGENT' } })
    host.send({ id: 33, agent: 'a', tool: 'no_such_tool' })
    expect(await host.response(33)).toMatchObject({ ok: false, error: { code: 'UNKNOWN_TOOL' } })
    host.send({ id: 34, agent: 'a', tool: 'test_gate', args: { key: 'dup' } })
    host.send({ id: 34, agent: 'a', tool: 'test_echo', args: { text: 'x' } })
    // the refusal is not answered under the live request's id
    expect(await host.response(null)).toMatchObject({ ok: false, error: { code: 'DUPLICATE_ID', message: expect.stringMatching(/^request id 34 is still in flight, so this request was not run/) } })
    host.send({ id: 36, agent: 'a', tool: 'test_bigint' })
    expect(await host.response(36)).toMatchObject({ ok: false, error: { code: 'INTERNAL', message: expect.stringMatching(/could not be encoded as JSON/) } })
    host.send({ id: 35, op: 'dispose-agent', agent: 'a' })
    expect(await host.response(35)).toEqual({ id: 35, ok: true, result: { agent: 'a', disposed: true } })
    // ending the agent aborted its in-flight call: the one answer under id 34
    expect(await host.response(34)).toMatchObject({ ok: false, error: { code: 'CANCELLED' } })
    expect(host.messages.filter((m) => m.id === 34)).toHaveLength(1)
    host.end()
    expect((await host.exited).code).toBe(0)
  })

  it('lists tools for a name without creating an agent of that name', async () => {
    host = HeadlessProcess.start()
    host.send({ id: 110, op: 'tools', agent: 'ghost' })
    expect(await host.response(110)).toMatchObject({ ok: true, result: { tools: expect.arrayContaining([expect.objectContaining({ name: 'test_echo' })]) } })
    host.send({ id: 111, op: 'dispose-agent', agent: 'ghost' })
    expect(await host.response(111)).toMatchObject({ ok: false, error: { code: 'UNKNOWN_AGENT' } })
    host.end()
    expect((await host.exited).code).toBe(0)
  })

  it('refuses tool calls past the in-flight cap with TOO_MANY_CALLS, then serves again', async () => {
    host = HeadlessProcess.start()
    const cap = 256
    for (let i = 0; i < cap; i++) host.send({ id: 1000 + i, agent: `a${i % 4}`, tool: 'test_gate', args: { key: 'flood' } })
    host.send({ id: 2000, agent: 'b', tool: 'test_echo', args: { text: 'one too many' } })
    const refused = await host.response(2000)
    expect(refused).toMatchObject({ ok: false, error: { code: 'TOO_MANY_CALLS', message: expect.stringMatching(/^256 tool calls are already in flight \(the limit is 256\)/) } })
    expect(refused.content).toBe((refused.error as { message: string }).message)
    // ops other than tool calls still answer while the calls wait
    host.send({ id: 2001, op: 'prompt' })
    expect(await host.response(2001)).toMatchObject({ ok: true })
    host.send({ id: 2002, op: 'cancel', target: 1000 })
    await host.response(1000)
    host.send({ id: 2003, agent: 'b', tool: 'test_release', args: { key: 'flood' } })
    expect(await host.response(2003)).toMatchObject({ ok: true })
    await host.until('every gated call answered', () => (host!.messages.filter((m) => typeof m.id === 'number' && m.id >= 1000 && m.id < 1000 + cap).length === cap ? true : undefined))
    host.end()
    expect((await host.exited).code).toBe(0)
  })

  it('answers an overlong line under the id read from its start, or null', async () => {
    host = HeadlessProcess.start()
    const huge = 'x'.repeat(4 * 1024 * 1024)
    host.send(`{"id":120,"agent":"a","tool":"test_echo","args":{"text":"${huge}"}}`)
    const answer = await host.response(120)
    expect(answer).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST', message: expect.stringMatching(/longer than the limit of 4194304; it was ignored/) } })
    host.send(`{"args":{"text":"${huge}"},"id":121}`)
    expect(await host.response(null)).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } })
    host.send({ id: 122, agent: 'a', tool: 'test_echo', args: { text: 'after' } })
    expect(await host.response(122)).toMatchObject({ ok: true, content: 'echo: after' })
    host.end()
    expect((await host.exited).code).toBe(0)
  })

  it('answers NOT_AVAILABLE for sandbox-mode when no sandbox policy is mounted', async () => {
    host = HeadlessProcess.start(BASE_TEST_TOOLS_YML)
    host.send({ id: 37, op: 'sandbox-mode', agent: 'a', mode: 'read-only' })
    expect(await host.response(37)).toEqual({
      id: 37,
      ok: false,
      error: { code: 'NOT_AVAILABLE', message: 'no sandbox policy is mounted (ctx.sandboxPolicy): add dsh-sandbox-policy to the composition to change sandbox modes' },
    })
    host.end()
    expect((await host.exited).code).toBe(0)
  })

  it('exits 0 on EOF, disposing the composition so no child is left', async () => {
    host = HeadlessProcess.start()
    host.send({ id: 40, agent: 'a', tool: 'test_sleeper' })
    const started = await host.response(40)
    const pid = (started.result as { pid: number }).pid
    expect(processGone(pid)).toBe(false)
    host.end()
    expect(await host.exited).toEqual({ code: 0, signal: null })
    expect(processGone(pid)).toBe(true)
  })

  it('answers shutdown after disposal, then exits 0', async () => {
    host = HeadlessProcess.start()
    host.send({ id: 50, agent: 'a', tool: 'test_sleeper' })
    const pid = ((await host.response(50)).result as { pid: number }).pid
    host.send({ id: 51, op: 'shutdown' })
    expect(await host.response(51)).toEqual({ id: 51, ok: true, result: { stopped: true } })
    expect(await host.exited).toEqual({ code: 0, signal: null })
    expect(processGone(pid)).toBe(true)
  })

  it('shuts down cleanly on SIGTERM', async () => {
    host = HeadlessProcess.start()
    host.send({ id: 60, agent: 'a', tool: 'test_sleeper' })
    const pid = ((await host.response(60)).result as { pid: number }).pid
    host.child.kill('SIGTERM')
    expect(await host.exited).toEqual({ code: 0, signal: null })
    expect(processGone(pid)).toBe(true)
  })

  it('forces exit on a second signal while disposal hangs', async () => {
    host = HeadlessProcess.start()
    host.send({ id: 70, agent: 'a', tool: 'test_block_shutdown' })
    await host.response(70)
    host.child.kill('SIGINT')
    await host.until('the shutdown notice', () => (host!.stderr.includes('SIGINT: shutting down') ? true : undefined))
    host.child.kill('SIGINT')
    expect(await host.exited).toEqual({ code: 130, signal: null })
    expect(host.stderr).toMatch(/second SIGINT: forcing exit/)
  })

  it('forwards job completions as unsolicited job-completed events', async () => {
    host = HeadlessProcess.start()
    host.send({ id: 90, agent: 'a', tool: 'test_job', args: { key: 'j', output: 'forty-two' } })
    expect(await host.response(90)).toMatchObject({ ok: true, result: { jobId: 'test-1' } })
    host.send({ id: 91, agent: 'b', tool: 'test_release', args: { key: 'j' } })
    const event = await host.until('the job-completed event', () => host!.messages.find((m) => m.event === 'job-completed'))
    expect(event).toEqual({ event: 'job-completed', agent: 'a', jobId: 'test-1', status: 'completed', content: 'forty-two\n[status: completed, gate j opened]' })
    host.end()
    expect((await host.exited).code).toBe(0)
  })

  it('answers a tools op while a job_output wait is still pending', async () => {
    host = HeadlessProcess.start()
    host.send({ id: 100, agent: 'a', tool: 'test_job', args: { key: 'w', output: 'done-token' } })
    expect(await host.response(100)).toMatchObject({ ok: true, result: { jobId: 'test-1' } })
    host.send({ id: 101, agent: 'a', tool: 'job_output', args: { job_id: 'test-1', wait: true, timeout_ms: 600000 } })
    host.send({ id: 102, op: 'tools', agent: 'a' })
    const tools = await host.response(102)
    const names = (tools.result as { tools: { name: string }[] }).tools.map((t) => t.name)
    expect(names).toEqual(expect.arrayContaining(['job_output', 'job_list', 'job_kill', 'test_echo']))
    expect(host.order()).not.toContain(101)
    host.send({ id: 103, agent: 'b', tool: 'test_release', args: { key: 'w' } })
    const output = await host.response(101)
    expect(output).toMatchObject({ ok: true, content: expect.stringContaining('done-token') })
    expect(output.content).toMatch(/\[status: completed, gate w opened\]$/)
    expect(host.order().indexOf(102)).toBeLessThan(host.order().indexOf(101))
    host.end()
    expect((await host.exited).code).toBe(0)
  })

  it('keeps stdout protocol-only: logs go to stderr', async () => {
    host = HeadlessProcess.start()
    host.send({ id: 80, op: 'prompt' })
    expect(await host.response(80)).toMatchObject({ id: 80, ok: true, result: { text: expect.any(String) } })
    host.end()
    await host.exited
    expect(host.stderr).toMatch(/\[info\] headless: serving .*with-test-tools\.yml/)
    // every stdout line parsed as JSON (the helper throws otherwise) and is a response
    expect(host.messages.every((m) => 'ok' in m || 'event' in m)).toBe(true)
  })
})
