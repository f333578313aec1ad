import { Context } from '@deepseek-ai/cordis'
import AgentRegistry, { type Agent, AgentDisposeError } from 'dsh-agent'
import { afterEach, describe, expect, it } from 'vitest'
import { JobError, JobService, type JobSnapshot, JobsConfig } from '../src'
import { fakeRun } from './fake-run'

/** The defaults an entry without `config:` gets. */
const DEFAULTS = JobsConfig.parse(undefined)

async function setup(config: Partial<JobsConfig> = {}) {
  const root = new Context()
  await root.plugin(AgentRegistry)
  await root.plugin(JobService, { ...DEFAULTS, ...config })
  return root
}

function completions(root: Context) {
  const seen: Array<{ owner: Agent; snapshot: JobSnapshot; content: string }> = []
  root.on('jobs/completed', (owner, snapshot, content) => { seen.push({ owner, snapshot, content }) })
  return seen
}

function failureOf(fn: () => unknown): JobError {
  try { fn() } catch (error) { return error as JobError }
  throw new Error('expected a throw')
}

describe('jobs config', () => {
  it('has defaults and names a bad field', () => {
    expect(DEFAULTS).toEqual({ maxRetainedOutputBytes: 262144, retainFinishedJobs: 100, maxRunningJobs: 64, settleTimeoutMs: 10000 })
    const bad = JobsConfig.safeParse({ settleTimeoutMs: 0 })
    expect(bad.success).toBe(false)
    expect(bad.error?.issues[0]).toMatchObject({ path: ['settleTimeoutMs'], message: 'settleTimeoutMs must be positive' })
  })
})

describe('ctx.jobs', () => {
  let root: Context | undefined
  afterEach(async () => { await root?.fiber.dispose() })

  it('mints <kind>-<n> ids from a per-kind counter starting at 1', async () => {
    root = await setup()
    const owner = root.agents.create('a')
    const ids = [
      root.jobs.start({ kind: 'alpha', label: 'one', owner, run: () => fakeRun().run }),
      root.jobs.start({ kind: 'alpha', label: 'two', owner, run: () => fakeRun().run }),
      root.jobs.start({ kind: 'beta', label: 'three', owner, run: () => fakeRun().run }),
    ]
    expect(ids).toEqual(['alpha-1', 'alpha-2', 'beta-1'])
    expect(root.jobs.list(owner).map((j) => [j.id, j.kind, j.label, j.status])).toEqual([
      ['alpha-1', 'alpha', 'one', 'running'], ['alpha-2', 'alpha', 'two', 'running'], ['beta-1', 'beta', 'three', 'running'],
    ])
  })

  it('a run() that throws makes start throw that error and uses no id', async () => {
    root = await setup()
    const owner = root.agents.create('a')
    const busy = Object.assign(new Error('pty-1 already has a send in flight'), { code: 'SEND_ACTIVE' })
    expect(() => root!.jobs.start({ kind: 'alpha', label: 'x', owner, run: () => { throw busy } })).toThrow(busy)
    expect(root.jobs.list(owner)).toEqual([])
    expect(root.jobs.start({ kind: 'alpha', label: 'y', owner, run: () => fakeRun().run })).toBe('alpha-1')
  })

  it('refuses invalid options naming the field, calling nothing', async () => {
    root = await setup()
    const owner = root.agents.create('a')
    let called = 0
    const run = () => { called++; return fakeRun().run }
    expect(failureOf(() => root!.jobs.start({ kind: 'alpha', label: 'x', owner, outputLimitBytes: 10, run })))
      .toMatchObject({ code: 'INVALID_JOB', message: expect.stringContaining('outputLimitBytes must be a safe integer >= 64, got 10') })
    expect(failureOf(() => root!.jobs.start({ kind: 'Bad Kind' as 'alpha', label: 'x', owner, run }))).toMatchObject({ code: 'INVALID_JOB' })
    expect(called).toBe(0)
    // a run() that returns garbage is cancelled if it can be and uses no id
    const cancelled: unknown[] = []
    const garbage = { cancel: (r: unknown) => { cancelled.push(r) } } as unknown as ReturnType<typeof fakeRun>['run']
    expect(failureOf(() => root!.jobs.start({ kind: 'alpha', label: 'x', owner, run: () => garbage }))).toMatchObject({ code: 'INVALID_JOB' })
    expect(cancelled).toHaveLength(1)
    expect(root.jobs.start({ kind: 'alpha', label: 'x', owner, run })).toBe('alpha-1')
  })

  it('reads only new output and drains the rest when the job settles', async () => {
    root = await setup()
    const seen = completions(root)
    const owner = root.agents.create('a')
    const job = fakeRun()
    const id = root.jobs.start({ kind: 'alpha', label: 'x', owner, run: () => job.run })
    job.write('one\n')
    expect(root.jobs.read(owner, id)).toMatchObject({ output: 'one\n', dropped: false, snapshot: { status: 'running' } })
    expect(root.jobs.read(owner, id).output).toBe('')
    job.write('two\n')
    job.settle({ status: 'completed', detail: 'wait: stdin_read' })
    const snapshot = await root.jobs.wait(owner, id, 20_000)
    expect(snapshot).toMatchObject({ id, status: 'completed', detail: 'wait: stdin_read' })
    expect(snapshot.endedAt).toBeGreaterThanOrEqual(snapshot.startedAt)
    expect(seen).toEqual([{ owner, snapshot, content: 'two\n[status: completed, wait: stdin_read]' }])
    expect(root.jobs.read(owner, id).output).toBe('two\n')
  })

  it('bounds retained unread output, keeping the newest bytes', async () => {
    root = await setup({ maxRetainedOutputBytes: 64 })
    const owner = root.agents.create('a')
    const job = fakeRun()
    const id = root.jobs.start({ kind: 'alpha', label: 'x', owner, run: () => job.run })
    for (let i = 0; i < 50; i++) { job.write(`line ${i}\n`); root.jobs.get(owner, id) }
    job.settle({ status: 'completed' })
    await root.jobs.wait(owner, id, 20_000)
    const { output, dropped } = root.jobs.read(owner, id)
    expect(dropped).toBe(true)
    expect(new TextEncoder().encode(output).length).toBeLessThanOrEqual(64)
    expect(output.endsWith('line 49\n')).toBe(true)
  })

  it('wait returns the running snapshot when the timeout elapses first', async () => {
    root = await setup()
    const owner = root.agents.create('a')
    const id = root.jobs.start({ kind: 'alpha', label: 'x', owner, run: () => fakeRun().run })
    expect(await root.jobs.wait(owner, id, 1)).toMatchObject({ id, status: 'running' })
    await expect(root.jobs.wait(owner, 'alpha-9', 1)).rejects.toMatchObject({ code: 'NO_JOB' })
    await expect(root.jobs.wait(owner, id, -1)).rejects.toMatchObject({ code: 'INVALID_TIMEOUT' })
  })

  it('an aborted wait rejects with CANCELLED and the job keeps running', async () => {
    root = await setup()
    const owner = root.agents.create('a')
    const id = root.jobs.start({ kind: 'alpha', label: 'x', owner, run: () => fakeRun().run })
    const controller = new AbortController()
    const waiting = root.jobs.wait(owner, id, 600_000, controller.signal)
    controller.abort(new Error('call cancelled'))
    await expect(waiting).rejects.toMatchObject({ code: 'CANCELLED', message: expect.stringContaining('call cancelled') })
    expect(root.jobs.get(owner, id).status).toBe('running')
  })

  it('kill: stopping until the run settles, then killed (or what the run reports)', async () => {
    root = await setup()
    const owner = root.agents.create('a')
    const a = fakeRun(() => {})
    const b = fakeRun(() => {})
    const idA = root.jobs.start({ kind: 'alpha', label: 'x', owner, run: () => a.run })
    const idB = root.jobs.start({ kind: 'alpha', label: 'y', owner, run: () => b.run })
    expect(root.jobs.kill(owner, idA, 'user asked')).toMatchObject({ status: 'stopping', detail: 'kill requested: user asked' })
    expect(root.jobs.kill(owner, idA)).toMatchObject({ status: 'stopping' })
    expect(a.cancels).toEqual(['user asked'])
    a.settle({ status: 'completed', detail: 'wait: stdin_read' })
    expect(await root.jobs.wait(owner, idA, 20_000)).toMatchObject({ status: 'killed', detail: 'wait: stdin_read' })
    root.jobs.kill(owner, idB)
    b.settle({ status: 'failed', detail: 'session exited: 1' })
    expect(await root.jobs.wait(owner, idB, 20_000)).toMatchObject({ status: 'failed', detail: 'session exited: 1' })
    // a finished job is returned unchanged and not cancelled again
    expect(root.jobs.kill(owner, idB)).toMatchObject({ status: 'failed' })
    expect(b.cancels).toHaveLength(1)
  })

  it('a cancel() that throws leaves the job running and reports CANCEL_FAILED', async () => {
    root = await setup()
    const owner = root.agents.create('a')
    const job = fakeRun(() => { throw new Error('no foreground group') })
    const id = root.jobs.start({ kind: 'alpha', label: 'x', owner, run: () => job.run })
    expect(failureOf(() => root!.jobs.kill(owner, id))).toMatchObject({ code: 'CANCEL_FAILED', message: expect.stringContaining('no foreground group') })
    expect(root.jobs.get(owner, id)).toMatchObject({ status: 'running' })
    expect(root.jobs.get(owner, id)).not.toHaveProperty('detail')
    job.settle({ status: 'completed' })
    expect(await root.jobs.wait(owner, id, 20_000)).toMatchObject({ status: 'completed' })
  })

  it("another owner's id is refused exactly like an unknown id", async () => {
    root = await setup()
    const a = root.agents.create('a')
    const b = root.agents.create('b')
    const job = fakeRun()
    const id = root.jobs.start({ kind: 'alpha', label: 'x', owner: a, run: () => job.run })
    const unknown = 'alpha-77'
    const same = (foreign: JobError, missing: JobError) => {
      expect(foreign).toBeInstanceOf(JobError)
      expect(missing).toBeInstanceOf(JobError)
      expect(foreign.code).toBe('NO_JOB')
      expect(missing.code).toBe('NO_JOB')
      expect(foreign.message).toBe(missing.message.replace(unknown, id))
    }
    same(failureOf(() => root!.jobs.get(b, id)), failureOf(() => root!.jobs.get(b, unknown)))
    same(failureOf(() => root!.jobs.read(b, id)), failureOf(() => root!.jobs.read(b, unknown)))
    same(failureOf(() => root!.jobs.kill(b, id)), failureOf(() => root!.jobs.kill(b, unknown)))
    same(await root.jobs.wait(b, id, 1).catch((e) => e), await root.jobs.wait(b, unknown, 1).catch((e) => e))
    expect(root.jobs.list(b)).toEqual([])
    expect(job.cancels).toEqual([])
  })

  it("ending an agent cancels its running jobs and awaits them; other agents' jobs run on", async () => {
    root = await setup()
    const seen = completions(root)
    const a = root.agents.create('a')
    const b = root.agents.create('b')
    // settles only after a few turns of the event loop, to prove disposal awaits it
    const slow = fakeRun((reason, settle) => { setImmediate(() => setImmediate(() => settle({ status: 'killed', detail: String(reason) }))) })
    const done = fakeRun()
    const other = fakeRun()
    const slowId = root.jobs.start({ kind: 'alpha', label: 'slow', owner: a, run: () => slow.run })
    const doneId = root.jobs.start({ kind: 'alpha', label: 'done', owner: a, run: () => done.run })
    const otherId = root.jobs.start({ kind: 'alpha', label: 'other', owner: b, run: () => other.run })
    done.settle({ status: 'completed' })
    await root.jobs.wait(a, doneId, 20_000)
    await root.agents.dispose(a)
    expect(slow.cancels).toHaveLength(1)
    expect(done.cancels).toEqual([])
    expect(seen.map((e) => [e.owner.name, e.snapshot.id, e.snapshot.status])).toEqual([['a', doneId, 'completed'], ['a', slowId, 'killed']])
    expect(root.jobs.list(a)).toEqual([])
    expect(() => root!.jobs.start({ kind: 'alpha', label: 'late', owner: a, run: () => fakeRun().run })).toThrow(expect.objectContaining({ code: 'OWNER_NOT_LIVE' }))
    expect(root.jobs.get(b, otherId).status).toBe('running')
    expect(other.cancels).toEqual([])
  })

  it('agent disposal reports a job that never settles after cancellation (bounded)', async () => {
    root = await setup({ settleTimeoutMs: 1 })
    const a = root.agents.create('a')
    const stuck = fakeRun(() => {})
    root.jobs.start({ kind: 'alpha', label: 'stuck', owner: a, run: () => stuck.run })
    const error = await root.agents.dispose(a).catch((e) => e)
    expect(error).toBeInstanceOf(AgentDisposeError)
    expect(error.message).toContain('alpha-1 did not settle within 1 ms after cancellation')
    stuck.settle({ status: 'killed' })
  })

  it('service disposal cancels and awaits every running job, then refuses new ones', async () => {
    root = new Context()
    await root.plugin(AgentRegistry)
    const fiber = root.plugin(JobService, DEFAULTS)
    await fiber
    const a = root.agents.create('a')
    const b = root.agents.create('b')
    const runs = [fakeRun((_r, settle) => { setImmediate(() => settle({ status: 'killed' })) }), fakeRun((_r, settle) => { setImmediate(() => settle({ status: 'killed' })) })]
    const seen = completions(root)
    root.jobs.start({ kind: 'alpha', label: 'x', owner: a, run: () => runs[0]!.run })
    root.jobs.start({ kind: 'beta', label: 'y', owner: b, run: () => runs[1]!.run })
    const jobs = root.jobs
    await fiber.dispose()
    expect(runs.map((r) => r.cancels.length)).toEqual([1, 1])
    expect(seen.map((e) => e.snapshot.status).sort()).toEqual(['killed', 'killed'])
    expect(() => jobs.start({ kind: 'alpha', label: 'late', owner: a, run: () => fakeRun().run })).toThrow(expect.objectContaining({ code: 'SERVICE_DISPOSING' }))
  })

  it('limits running jobs per agent and forgets the oldest finished jobs', async () => {
    root = await setup({ maxRunningJobs: 2, retainFinishedJobs: 1 })
    const a = root.agents.create('a')
    const first = fakeRun()
    const second = fakeRun()
    const id1 = root.jobs.start({ kind: 'alpha', label: '1', owner: a, run: () => first.run })
    const id2 = root.jobs.start({ kind: 'alpha', label: '2', owner: a, run: () => second.run })
    expect(() => root!.jobs.start({ kind: 'alpha', label: '3', owner: a, run: () => fakeRun().run })).toThrow(expect.objectContaining({ code: 'TOO_MANY_JOBS' }))
    first.settle({ status: 'completed' })
    await root.jobs.wait(a, id1, 20_000)
    second.settle({ status: 'completed' })
    await root.jobs.wait(a, id2, 20_000)
    expect(root.jobs.list(a).map((j) => j.id)).toEqual([id2])
  })

  it('a done that rejects or settles with garbage becomes failed', async () => {
    root = await setup()
    const a = root.agents.create('a')
    const id1 = root.jobs.start({ kind: 'alpha', label: 'x', owner: a, run: () => ({ cancel: () => {}, done: Promise.reject(new Error('backend vanished')) }) })
    const id2 = root.jobs.start({ kind: 'alpha', label: 'y', owner: a, run: () => ({ cancel: () => {}, done: Promise.resolve({ status: 'weird' } as never) }) })
    expect(await root.jobs.wait(a, id1, 20_000)).toMatchObject({ status: 'failed', detail: 'backend vanished' })
    expect(await root.jobs.wait(a, id2, 20_000)).toMatchObject({ status: 'failed', detail: expect.stringContaining('invalid result') })
  })
})
