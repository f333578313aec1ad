import { type Context, Service } from '@deepseek-ai/cordis'
import type { Agent } from 'dsh-agent'
import { errorMessageOf } from 'dsh-tools'
import { JobsConfig, MAX_WAIT_MS } from './config'
import { JobError, noJob } from './errors'
import { formatJobOutput, limitOf } from './format'
import { JobRecord } from './job-record'
import { checkRun, checkStart } from './start-options'
import type { JobRead, JobSnapshot, JobStartOptions } from './types'

declare module '@deepseek-ai/cordis' {
  interface Context { jobs: JobService }
  interface Events {
    /**
     * A job finished. `content` is the model text of its unread output and final status
     * (bounded by the job's outputLimitBytes); reading it does not consume the output.
     */
    'jobs/completed'(owner: Agent, snapshot: JobSnapshot, content: string): void
  }
}

interface OwnerJobs {
  readonly jobs: Map<string, JobRecord>
  readonly detach: () => void
}

/** ctx.jobs: background jobs owned by agents, with bounded output, waits and cancellation. */
export class JobService extends Service {
  static Config = JobsConfig
  private readonly owners = new Map<Agent, OwnerJobs>()
  private readonly counters = new Map<string, number>()
  private readonly root: Context
  private disposing = false

  constructor(ctx: Context, readonly config: JobsConfig) {
    super(ctx, 'jobs')
    this.root = ctx
    ctx.effect(() => () => this.disposeAll(), 'jobs: cancel and await every job')
  }

  /**
   * Start a job: `run()` is called synchronously. If it throws, `start` rethrows that error
   * unchanged and no id is used. Returns the id `<kind>-<n>` (per-kind counter from 1).
   */
  start(options: JobStartOptions): string {
    if (this.disposing) throw new JobError('SERVICE_DISPOSING')
    const { kind, label, owner, outputLimitBytes } = checkStart(options)
    if (owner.disposed) throw new JobError('OWNER_NOT_LIVE', `agent ${owner.id} has ended; start jobs for a live agent`)
    const running = [...(this.owners.get(owner)?.jobs.values() ?? [])].filter((j) => j.running).length
    if (running >= this.config.maxRunningJobs) {
      throw new JobError('TOO_MANY_JOBS', `agent ${owner.id} already has ${running} running jobs (maxRunningJobs); wait for or kill one first`)
    }
    const run = checkRun(options.run())
    const n = (this.counters.get(kind) ?? 0) + 1
    this.counters.set(kind, n)
    const id = `${kind}-${n}`
    const retainBytes = Math.min(outputLimitBytes ?? Number.MAX_SAFE_INTEGER, this.config.maxRetainedOutputBytes)
    const record = new JobRecord({ id, kind, label, owner, outputLimitBytes, retainBytes, run, now: Date.now }, (job) => this.settled(job))
    this.ownerJobs(owner).jobs.set(id, record)
    return id
  }

  /** The owner's jobs, oldest first. */
  list(owner: Agent): JobSnapshot[] {
    return [...(this.owners.get(owner)?.jobs.values() ?? [])].map((j) => j.snapshot())
  }

  /** One job of the owner; another owner's id is refused exactly like an unknown id (NO_JOB). */
  get(owner: Agent, id: string): JobSnapshot { return this.find(owner, id).snapshot() }

  /** Output since the previous read (bounded; `dropped` when older unread output was lost). */
  read(owner: Agent, id: string): JobRead {
    const job = this.find(owner, id)
    const { output, dropped } = job.take()
    return { output, dropped, snapshot: job.snapshot() }
  }

  /**
   * Wait until the job finishes or `timeoutMs` elapses (capped at MAX_WAIT_MS), then return
   * its snapshot. An aborted `signal` rejects with CANCELLED; the job keeps running.
   */
  async wait(owner: Agent, id: string, timeoutMs: number, signal?: AbortSignal): Promise<JobSnapshot> {
    const job = this.find(owner, id)
    if (typeof timeoutMs !== 'number' || Number.isNaN(timeoutMs) || timeoutMs < 0) {
      throw new JobError('INVALID_TIMEOUT', `timeoutMs must be a non-negative number of milliseconds, got ${String(timeoutMs)}`)
    }
    if (!job.running) return job.snapshot()
    if (signal?.aborted) throw cancelled(signal)
    let timer: ReturnType<typeof setTimeout> | undefined
    let onAbort: (() => void) | undefined
    try {
      await Promise.race([
        job.settled,
        new Promise<void>((resolve) => { timer = setTimeout(resolve, Math.min(timeoutMs, MAX_WAIT_MS)) }),
        new Promise<never>((_resolve, reject) => {
          if (!signal) return
          onAbort = () => reject(cancelled(signal))
          signal.addEventListener('abort', onAbort, { once: true })
        }),
      ])
    } finally {
      clearTimeout(timer)
      if (onAbort) signal?.removeEventListener('abort', onAbort)
    }
    return job.snapshot()
  }

  /**
   * Ask a running job to stop: it reads `stopping` until its run settles, then `killed`
   * (or `failed` when the run says so). A finished job is returned unchanged.
   */
  kill(owner: Agent, id: string, reason?: unknown): JobSnapshot {
    const job = this.find(owner, id)
    try {
      job.requestStop(reason)
    } catch (cause) {
      throw new JobError('CANCEL_FAILED', `job ${id} could not be cancelled (${errorMessageOf(cause)}); it is still running`, { cause })
    }
    return job.snapshot()
  }

  private find(owner: Agent, id: string): JobRecord {
    const job = typeof id === 'string' ? this.owners.get(owner)?.jobs.get(id) : undefined
    if (!job) throw noJob(String(id))
    return job
  }

  private ownerJobs(owner: Agent): OwnerJobs {
    let entry = this.owners.get(owner)
    if (!entry) {
      const detach = owner.onDispose(() => this.endOwner(owner))
      entry = { jobs: new Map(), detach }
      this.owners.set(owner, entry)
    }
    return entry
  }

  private settled(job: JobRecord): void {
    const entry = this.owners.get(job.owner)
    if (entry) this.forgetOldFinished(entry)
    const snapshot = job.snapshot()
    const { output, dropped } = job.peek()
    const content = formatJobOutput(output, dropped, snapshot, limitOf(snapshot))
    try {
      this.root.emit('jobs/completed', job.owner, snapshot, content)
    } catch (error) {
      this.root.logger('jobs').warn(`a jobs/completed listener failed for ${job.id}: ${errorMessageOf(error)}`)
    }
  }

  private forgetOldFinished(entry: OwnerJobs): void {
    const finished = [...entry.jobs.values()].filter((j) => !j.running)
    for (const job of finished.slice(0, Math.max(0, finished.length - this.config.retainFinishedJobs))) entry.jobs.delete(job.id)
  }

  /** Cancel the owner's running jobs, await them (bounded), then forget the owner. */
  private async endOwner(owner: Agent): Promise<void> {
    const entry = this.owners.get(owner)
    if (!entry) return
    try {
      await this.stopAndAwait([...entry.jobs.values()], `agent ${owner.id} ended`)
    } finally {
      if (this.owners.get(owner) === entry) this.owners.delete(owner)
    }
  }

  private async stopAndAwait(jobs: JobRecord[], why: string): Promise<void> {
    const running = jobs.filter((j) => j.running)
    const errors: unknown[] = []
    for (const job of running) {
      try { job.requestStop(new Error(why)) } catch (error) { errors.push(new JobError('CANCEL_FAILED', `job ${job.id} could not be cancelled: ${errorMessageOf(error)}`, { cause: error })) }
    }
    let timer: ReturnType<typeof setTimeout> | undefined
    const deadline = new Promise<'timeout'>((resolve) => { timer = setTimeout(() => resolve('timeout'), this.config.settleTimeoutMs) })
    try {
      const outcome = await Promise.race([Promise.all(running.map((j) => j.settled)), deadline])
      if (outcome === 'timeout') {
        const stuck = running.filter((j) => j.running).map((j) => j.id)
        errors.push(new JobError('SETTLE_TIMEOUT', `job(s) ${stuck.join(', ')} did not settle within ${this.config.settleTimeoutMs} ms after cancellation (${why})`))
      }
    } finally {
      clearTimeout(timer)
    }
    if (errors.length === 1) throw errors[0]
    if (errors.length > 1) throw new AggregateError(errors, `jobs: ${errors.length} failure(s) while stopping jobs (${why})`)
  }

  private async disposeAll(): Promise<void> {
    this.disposing = true
    const entries = [...this.owners.values()]
    this.owners.clear()
    for (const entry of entries) entry.detach()
    await this.stopAndAwait(entries.flatMap((e) => [...e.jobs.values()]), 'jobs service stopped')
  }
}

function cancelled(signal: AbortSignal): JobError {
  const why = signal.reason === undefined ? '' : ` (${errorMessageOf(signal.reason)})`
  return new JobError('CANCELLED', `the wait was cancelled${why}; the job keeps running`, { cause: signal.reason })
}
