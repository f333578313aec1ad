// @dsh-pure
import { truncateUtf8, truncateUtf8Tail, utf8ByteLength } from 'dsh-tools'
import type { JobSnapshot } from './types'

/** Appended (after a newline) to any result whose output was cut. */
export const TRUNCATION_MARKER = '[output truncated]'
/** Shown instead of an empty output. */
export const NO_NEW_OUTPUT = '(no new output)'
/** Cap of results about a job that did not set `outputLimitBytes`. */
export const DEFAULT_OUTPUT_LIMIT_BYTES = 262_144
/** Smallest `outputLimitBytes` a job may set (a status line with a job id still fits). */
export const MIN_OUTPUT_LIMIT_BYTES = 64

/** `[status: <status>, <detail>]`, or `[status: <status>]` without a detail. */
export function statusLine(job: Pick<JobSnapshot, 'status' | 'detail'>): string {
  return job.detail ? `[status: ${job.status}, ${job.detail}]` : `[status: ${job.status}]`
}

/** The cap of every model-visible result about this job. */
export function limitOf(job: Pick<JobSnapshot, 'outputLimitBytes'>): number {
  return job.outputLimitBytes ?? DEFAULT_OUTPUT_LIMIT_BYTES
}

/**
 * The model text of a job's output: the output (or `(no new output)`), then the status line,
 * then the truncation marker when anything was cut. Bounded to `maxBytes`: the status line
 * survives and the output keeps its tail; if even the status line does not fit, the head of
 * the status text is kept. Never splits a code point.
 */
export function formatJobOutput(output: string, dropped: boolean, job: Pick<JobSnapshot, 'status' | 'detail'>, maxBytes: number): string {
  const body = output.replace(/\r?\n$/, '') || NO_NEW_OUTPUT
  const status = statusLine(job)
  const whole = dropped ? `${body}\n${status}\n${TRUNCATION_MARKER}` : `${body}\n${status}`
  if (utf8ByteLength(whole) <= maxBytes) return whole
  const suffix = `${status}\n${TRUNCATION_MARKER}`
  const budget = maxBytes - utf8ByteLength(suffix) - 1
  const tail = budget > 0 ? truncateUtf8Tail(body, budget) : ''
  return tail === '' ? truncateUtf8(suffix, maxBytes) : `${tail}\n${suffix}`
}

/** A value bounded to one line: newlines shown as `\n`, at most `maxBytes` (head kept). */
export function oneLine(text: string, maxBytes: number): string {
  return truncateUtf8(text.replace(/\r?\n/g, '\\n'), maxBytes)
}
