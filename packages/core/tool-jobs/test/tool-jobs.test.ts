import { Context } from '@deepseek-ai/cordis'
import AgentRegistry, { type Agent } from 'dsh-agent'
import JobService, { type JobRun, type JobSettlement, JobsConfig } from 'dsh-jobs'
import ToolService from 'dsh-tools'
import { afterEach, describe, expect, it } from 'vitest'
import * as ToolJobs from '../src'

declare module 'dsh-jobs' {
  interface JobKindMap { work: 'work' }
}

const bytes = (s: string) => new TextEncoder().encode(s).length

async function setup() {
  const root = new Context()
  await root.plugin(AgentRegistry)
  await root.plugin(ToolService)
  await root.plugin(JobService, JobsConfig.parse(undefined))
  await root.plugin(ToolJobs, {})
  return root
}

/** A job the test drives: write output, settle it; cancel settles as killed. */
function startJob(root: Context, owner: Agent, options: { label?: string; outputLimitBytes?: number } = {}) {
  let settle!: (s: JobSettlement) => void
  const done = new Promise<JobSettlement>((resolve) => { settle = resolve })
  const pending: string[] = []
  const run: JobRun = {
    cancel: () => { settle({ status: 'killed', detail: 'interrupted' }) },
    done,
    readOutput: () => pending.splice(0).join(''),
  }
  const id = root.jobs.start({ kind: 'work', label: options.label ?? 'make test', owner, outputLimitBytes: options.outputLimitBytes, run: () => run })
  return { id, settle, write: (text: string) => { pending.push(text) } }
}

describe('job tools', () => {
  let root: Context | undefined
  afterEach(async () => { await root?.fiber.dispose() })

  const call = (agent: Agent | undefined, name: string, args: unknown, signal?: AbortSignal) =>
    root!.tools.execute({ agent, name, arguments: args, signal })

  it('registers job_output, job_list and job_kill with JSON schemas', async () => {
    root = await setup()
    const listing = root.tools.list()
    expect(listing.map((t) => t.name)).toEqual(['job_kill', 'job_list', 'job_output'])
    const output = listing.find((t) => t.name === 'job_output')!
    expect(output.inputSchema).toMatchObject({
      type: 'object', required: ['job_id'], additionalProperties: false,
      properties: { job_id: { type: 'string' }, wait: { type: 'boolean', default: false }, timeout_ms: { type: 'integer', default: 30000, maximum: 600000 } },
    })
    expect(listing.find((t) => t.name === 'job_list')!.inputSchema).toMatchObject({ type: 'object', properties: {}, additionalProperties: false })
    const hints = Object.fromEntries(listing.map((t) => [t.name, t.annotations]))
    expect(hints).toEqual({
      job_output: { title: "Read a background job's output", readOnlyHint: true, openWorldHint: false },
      job_list: { title: 'List background jobs', readOnlyHint: true, openWorldHint: false },
      job_kill: { title: 'Kill a background job', readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    })
  })

  it('job_output: new output, then the status line; generic read card', async () => {
    root = await setup()
    const a = root.agents.create('a')
    const job = startJob(root, a)
    job.write('compiling\n')
    const first = await call(a, 'job_output', { job_id: job.id })
    expect(first).toMatchObject({ isError: false, content: 'compiling\n[status: running]', call: { card: 'generic', title: `Read output of job ${job.id}`, kind: 'read' } })
    expect((await call(a, 'job_output', { job_id: job.id })).content).toBe('(no new output)\n[status: running]')
  })

  it('job_output wait=true returns once the job finishes, with its detail', async () => {
    root = await setup()
    const a = root.agents.create('a')
    const job = startJob(root, a)
    const pending = call(a, 'job_output', { job_id: job.id, wait: true, timeout_ms: 600000 })
    job.write('42\n')
    job.settle({ status: 'completed', detail: 'wait: stdin_read' })
    expect((await pending).content).toBe('42\n[status: completed, wait: stdin_read]')
  })

  it('job_output wait=true gives the running status when the timeout elapses first', async () => {
    root = await setup()
    const a = root.agents.create('a')
    const job = startJob(root, a)
    expect((await call(a, 'job_output', { job_id: job.id, wait: true, timeout_ms: 1 })).content).toBe('(no new output)\n[status: running]')
  })

  it('a cancelled wait is a CANCELLED error and the job keeps running', async () => {
    root = await setup()
    const a = root.agents.create('a')
    const job = startJob(root, a)
    const controller = new AbortController()
    const pending = call(a, 'job_output', { job_id: job.id, wait: true }, controller.signal)
    controller.abort(new Error('stop'))
    expect(await pending).toMatchObject({ isError: true, errorCode: 'CANCELLED' })
    expect(root.jobs.get(a, job.id).status).toBe('running')
  })

  it('job_kill requests cancellation; the job then reads killed', async () => {
    root = await setup()
    const a = root.agents.create('a')
    const job = startJob(root, a)
    const kill = await call(a, 'job_kill', { job_id: job.id, reason: 'taking too long' })
    expect(kill).toMatchObject({ isError: false, content: `requested cancellation of job ${job.id}`, call: { card: 'generic', title: `Kill job ${job.id}`, kind: 'execute' } })
    expect((await call(a, 'job_output', { job_id: job.id, wait: true })).content).toBe('(no new output)\n[status: killed, interrupted]')
    expect((await call(a, 'job_kill', { job_id: job.id })).content).toBe(`job ${job.id} had already finished [status: killed, interrupted]`)
  })

  it('job_list: one line per job, or (no jobs); newlines in labels shown as \\n', async () => {
    root = await setup()
    const a = root.agents.create('a')
    const empty = await call(a, 'job_list', {})
    expect(empty).toMatchObject({ content: '(no jobs)', call: { card: 'generic', title: 'List jobs', kind: 'read' } })
    const one = startJob(root, a, { label: 'pty-1: make' })
    const two = startJob(root, a, { label: 'pty-2: printf "a\nb"' })
    two.settle({ status: 'completed' })
    await root.jobs.wait(a, two.id, 20_000)
    expect((await call(a, 'job_list', {})).content).toBe(`${one.id} [work] running pty-1: make\n${two.id} [work] completed pty-2: printf "a\\nb"`)
  })

  it('caps job_output at the job outputLimitBytes: status kept, output tail kept, code points whole', async () => {
    root = await setup()
    const a = root.agents.create('a')
    const job = startJob(root, a, { outputLimitBytes: 64 })
    job.write(`start\n${'日本語😀'.repeat(30)}END`)
    const result = await call(a, 'job_output', { job_id: job.id })
    expect(bytes(result.content)).toBeLessThanOrEqual(64)
    expect(result.content).toMatch(/END\n\[status: running\]\n\[output truncated\]$/)
    const body = result.content.slice(0, result.content.indexOf('\n[status'))
    expect(`start\n${'日本語😀'.repeat(30)}END`.endsWith(body)).toBe(true)
    expect(body).not.toMatch(/^[\udc00-\udfff]/)
    // retention keeps at most the limit: the oldest output was dropped, and the value says so
    const value = result.value as ToolJobs.JobOutputValue
    expect(value.dropped).toBe(true)
    expect(value.output.endsWith('END')).toBe(true)
    expect(bytes(value.output)).toBeLessThanOrEqual(64)
  })

  it('caps job_list and job_kill at the outputLimitBytes', async () => {
    root = await setup()
    const a = root.agents.create('a')
    const long = 'é'.repeat(100)
    for (let i = 0; i < 3; i++) startJob(root, a, { label: `${i} ${long}`, outputLimitBytes: 64 })
    const list = (await call(a, 'job_list', {})).content
    expect(bytes(list)).toBeLessThanOrEqual(64)
    expect(list.endsWith('\n[output truncated]')).toBe(true)
    expect(list.startsWith('work-1 [work] running 0 é')).toBe(true)
    expect(list).not.toContain('\ufffd')
  })

  it("another agent's job id is refused exactly like an unknown one", async () => {
    root = await setup()
    const a = root.agents.create('a')
    const b = root.agents.create('b')
    const job = startJob(root, a)
    for (const name of ['job_output', 'job_kill']) {
      const foreign = await call(b, name, { job_id: job.id })
      const unknown = await call(b, name, { job_id: 'work-99' })
      expect(foreign).toMatchObject({ isError: true, errorCode: 'NO_JOB' })
      expect(unknown).toMatchObject({ isError: true, errorCode: 'NO_JOB' })
      expect(foreign.content).toBe(unknown.content.replace('work-99', job.id))
    }
    expect((await call(b, 'job_list', {})).content).toBe('(no jobs)')
    expect(root.jobs.get(a, job.id).status).toBe('running')
  })

  it('refuses calls without an agent and bad arguments naming the field', async () => {
    root = await setup()
    expect(await call(undefined, 'job_list', {})).toMatchObject({ isError: true, errorCode: 'NO_AGENT', content: 'Error [NO_AGENT]: job tools need an initiating agent; call them on behalf of an agent' })
    const a = root.agents.create('a')
    const bad = await call(a, 'job_output', { job_id: 'work-1', timeout_ms: 600001 })
    expect(bad.errorCode).toBe('INVALID_ARGUMENTS')
    expect(bad.content).toContain('"timeout_ms"')
    expect((await call(a, 'job_kill', { job_id: 'work-1', signal: 'SIGINT' })).content).toContain('undeclared argument "signal"')
  })

  it('the tools disappear when the plugin unloads', async () => {
    root = new Context()
    await root.plugin(AgentRegistry)
    await root.plugin(ToolService)
    await root.plugin(JobService, JobsConfig.parse(undefined))
    const fiber = root.plugin(ToolJobs, {})
    await fiber
    expect(root.tools.list()).toHaveLength(3)
    await fiber.dispose()
    expect(root.tools.list()).toEqual([])
  })
})
