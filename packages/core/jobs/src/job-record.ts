// @dsh-pure
import type { Agent } from 'dsh-agent'
import { errorMessageOf, truncateUtf8 } from 'dsh-tools'
import { OutputBuffer } from './output-buffer'
import type { JobFinalStatus, JobRun, JobSettlement, JobSnapshot, JobStatus } from './types'

/** A detail or label longer than this is cut (head kept): both end up in one status line. */
export const MAX_DETAIL_BYTES = 1024
export const MAX_LABEL_BYTES = 1024

const FINAL: ReadonlySet<string> = new Set<JobFinalStatus>(['completed', 'killed', 'failed'])

export interface JobRecordInit {
  readonly id: string
  readonly kind: string
  readonly label: string
  readonly owner: Agent
  readonly outputLimitBytes: number | undefined
  readonly retainBytes: number
  readonly run: JobRun
  readonly now: () => number
}

/** Normalize whatever `done` settled with (it should never reject, but may misbehave). */
export function toSettlement(value: unknown): JobSettlement {
  const candidate = value as Partial<JobSettlement> | undefined
  if (candidate && typeof candidate.status === 'string' && FINAL.has(candidate.status)) {
    const detail = typeof candidate.detail === 'string' && candidate.detail !== '' ? candidate.detail : undefined
    return detail === undefined ? { status: candidate.status } : { status: candidate.status, detail }
  }
  return { status: 'failed', detail: `the job settled with an invalid result: ${truncateUtf8(String(JSON.stringify(value)), 200)}` }
}

/** One job: its state machine (running -> stopping -> final), retained output and snapshot. */
export class JobRecord {
  readonly startedAt: number
  readonly settled: Promise<void>
  private status: JobStatus = 'running'
  private detail: string | undefined
  private endedAt: number | undefined
  private readonly buffer: OutputBuffer
  private killReason: unknown
  private killRequested = false

  constructor(readonly init: JobRecordInit, onSettled: (job: JobRecord) => void) {
    this.startedAt = init.now()
    this.buffer = new OutputBuffer(init.retainBytes)
    this.settled = Promise.resolve(init.run.done).then(toSettlement, (error) => ({ status: 'failed' as const, detail: errorMessageOf(error) }))
      .then((settlement) => { this.finish(settlement); onSettled(this) })
  }

  get id(): string { return this.init.id }
  get owner(): Agent { return this.init.owner }
  get running(): boolean { return this.status === 'running' || this.status === 'stopping' }

  snapshot(): JobSnapshot {
    const { id, kind, label, outputLimitBytes } = this.init
    return {
      id, kind, label, status: this.status, startedAt: this.startedAt,
      ...(this.detail === undefined ? {} : { detail: this.detail }),
      ...(outputLimitBytes === undefined ? {} : { outputLimitBytes }),
      ...(this.endedAt === undefined ? {} : { endedAt: this.endedAt }),
    }
  }

  /** Pull what the run produced since the last pull into the retained buffer. */
  pull(): void {
    const readOutput = this.init.run.readOutput
    if (!readOutput) return
    let text: unknown
    try { text = readOutput.call(this.init.run) } catch (error) { text = `\n[reading output failed: ${errorMessageOf(error)}]\n` }
    if (typeof text === 'string') this.buffer.append(text)
  }

  /** Output since the previous take (consumed). */
  take(): { output: string; dropped: boolean } {
    if (this.running) this.pull()
    return this.buffer.take()
  }

  /** Output since the previous take, without consuming it. */
  peek(): { output: string; dropped: boolean } { return this.buffer.peek() }

  /**
   * Ask the run to stop. Returns false when the job already finished or a stop was already
   * requested. A throwing cancel() leaves the job running and rethrows.
   */
  requestStop(reason?: unknown): boolean {
    if (this.status !== 'running') return false
    this.status = 'stopping'
    this.killRequested = true
    this.killReason = reason
    this.detail = reason === undefined ? 'kill requested' : `kill requested: ${bound(errorMessageOf(reason))}`
    try {
      this.init.run.cancel(reason)
    } catch (error) {
      this.status = 'running'
      this.killRequested = false
      this.detail = undefined
      throw error
    }
    return true
  }

  private finish(settlement: JobSettlement): void {
    this.pull()
    // A stop was asked for: a run that reports plain completion still counts as killed.
    const status = this.killRequested && settlement.status === 'completed' ? 'killed' : settlement.status
    const reason = this.killRequested && this.killReason !== undefined ? bound(errorMessageOf(this.killReason)) : undefined
    this.status = status
    this.detail = settlement.detail !== undefined ? bound(settlement.detail) : status === 'killed' ? reason : undefined
    this.endedAt = this.init.now()
  }
}

function bound(text: string): string {
  return truncateUtf8(text.replace(/\r?\n/g, ' '), MAX_DETAIL_BYTES)
}
