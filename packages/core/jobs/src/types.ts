// @dsh-pure
import type { Agent } from 'dsh-agent'

/**
 * Open to declaration merging: a package that starts jobs of a kind declares it, e.g.
 * `declare module 'dsh-jobs' { interface JobKindMap { 'pty-send': 'pty-send' } }`.
 */
// biome-ignore lint/suspicious/noEmptyInterface: declaration-merging target
export interface JobKindMap {}
export type JobKind = keyof JobKindMap & string

export type JobStatus = 'running' | 'stopping' | 'completed' | 'killed' | 'failed'
export type JobFinalStatus = 'completed' | 'killed' | 'failed'

export interface JobSettlement {
  readonly status: JobFinalStatus
  readonly detail?: string
}

/** What a job's run() returns; run() is called synchronously inside start(). */
export interface JobRun {
  cancel(reason?: unknown): void
  /** Never rejects. */
  readonly done: Promise<JobSettlement>
  /** New output since the previous call. */
  readOutput?(): string
}

export interface JobStartOptions {
  readonly kind: JobKind
  readonly label: string
  readonly owner: Agent
  /** UTF-8 cap of every model-visible result about this job. */
  readonly outputLimitBytes?: number
  run(): JobRun
}

export interface JobSnapshot {
  readonly id: string
  readonly kind: string
  readonly label: string
  readonly status: JobStatus
  readonly detail?: string
  readonly outputLimitBytes?: number
  readonly startedAt: number
  readonly endedAt?: number
}

/** What `read` returns: the output retained since the previous read. */
export interface JobRead {
  /** New output since the previous read (the newest part when more was produced than retained). */
  readonly output: string
  /** True when older unread output was dropped to stay within the retention bound. */
  readonly dropped: boolean
  readonly snapshot: JobSnapshot
}
