// @dsh-pure
import { DEFAULT_OUTPUT_LIMIT_BYTES, formatJobOutput, type JobSnapshot, limitOf, oneLine, statusLine, TRUNCATION_MARKER } from 'dsh-jobs'
import { truncateUtf8, utf8ByteLength } from 'dsh-tools'

/** What job_output returns. */
export interface JobOutputValue {
  readonly job: JobSnapshot
  /** Output since the previous read. */
  readonly output: string
  /** True when older unread output was dropped by the retention bound. */
  readonly dropped: boolean
}

/** What job_kill returns. */
export interface JobKillValue {
  readonly job: JobSnapshot
  /** False when the job had already finished (nothing was cancelled). */
  readonly requested: boolean
}

/** The output, then the status line; capped at the job's outputLimitBytes (output keeps its tail). */
export function renderJobOutput(value: JobOutputValue): string {
  return formatJobOutput(value.output, value.dropped, value.job, limitOf(value.job))
}

/** `requested cancellation of job <id>`, or the status of a job that had already finished. */
export function renderJobKill(value: JobKillValue): string {
  const text = value.requested
    ? `requested cancellation of job ${value.job.id}`
    : `job ${value.job.id} had already finished ${statusLine(value.job)}`
  return truncateUtf8(text, limitOf(value.job))
}

/** One line of job_list, bounded by that job's outputLimitBytes. */
export function jobLine(job: JobSnapshot): string {
  return oneLine(`${job.id} [${job.kind}] ${job.status} ${job.label}`, limitOf(job))
}

/**
 * One line per job, or `(no jobs)`. The whole list is capped at the smallest outputLimitBytes
 * among the listed jobs (DEFAULT_OUTPUT_LIMIT_BYTES without any): whole lines are kept from
 * the top and a marker line follows when any was cut.
 */
export function renderJobList(jobs: readonly JobSnapshot[]): string {
  if (jobs.length === 0) return '(no jobs)'
  const cap = Math.min(DEFAULT_OUTPUT_LIMIT_BYTES, ...jobs.map(limitOf))
  const lines = jobs.map(jobLine)
  const whole = lines.join('\n')
  if (utf8ByteLength(whole) <= cap) return whole
  const budget = cap - utf8ByteLength(`\n${TRUNCATION_MARKER}`)
  const kept: string[] = []
  let used = 0
  for (const line of lines) {
    const cost = utf8ByteLength(line) + (kept.length > 0 ? 1 : 0)
    if (used + cost > budget) break
    kept.push(line)
    used += cost
  }
  if (kept.length === 0) return truncateUtf8(`${truncateUtf8(lines[0]!, Math.max(0, budget))}\n${TRUNCATION_MARKER}`, cap)
  return `${kept.join('\n')}\n${TRUNCATION_MARKER}`
}
