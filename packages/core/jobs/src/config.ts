// @dsh-pure
import * as z from 'zod'
import { DEFAULT_OUTPUT_LIMIT_BYTES, MIN_OUTPUT_LIMIT_BYTES } from './format'

/** The longest a `wait` may block, whatever the caller asks (bounded waits). */
export const MAX_WAIT_MS = 600_000

const positive = (field: string) => z.number().int(`${field} must be an integer`).positive(`${field} must be positive`).max(Number.MAX_SAFE_INTEGER)

export const JobsConfig = z.object({
  /** Unread output kept per job (bytes); older unread output is dropped first. */
  maxRetainedOutputBytes: positive('maxRetainedOutputBytes').min(MIN_OUTPUT_LIMIT_BYTES).default(DEFAULT_OUTPUT_LIMIT_BYTES)
    .describe('Unread output kept per job, in UTF-8 bytes (older unread output is dropped first).'),
  /** Finished jobs remembered per agent; the oldest are forgotten first. */
  retainFinishedJobs: positive('retainFinishedJobs').default(100)
    .describe('Finished jobs remembered per agent (the oldest are forgotten first).'),
  /** Running jobs one agent may have at once. */
  maxRunningJobs: positive('maxRunningJobs').default(64)
    .describe('Running jobs one agent may have at once.'),
  /**
   * How long a cancelled job may take to settle when its agent or the service ends. Past
   * it the disposal reports SETTLE_TIMEOUT instead of hanging on a job that never settles.
   */
  settleTimeoutMs: positive('settleTimeoutMs').default(10_000)
    .describe('How long a cancelled job may take to settle when its agent or the service ends (ms).'),
}).prefault({})
export type JobsConfig = z.output<typeof JobsConfig>
