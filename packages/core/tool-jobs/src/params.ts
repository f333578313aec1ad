// @dsh-pure
import { MAX_WAIT_MS } from 'dsh-jobs'
import * as z from 'zod'

/** How long job_output waits when wait=true and no timeout_ms is given. */
export const DEFAULT_WAIT_TIMEOUT_MS = 30_000
/** Longest job id accepted (ids are `<kind>-<n>`). */
export const MAX_JOB_ID_LENGTH = 128
/** Longest kill reason accepted. */
export const MAX_REASON_LENGTH = 1000

const jobId = z.string().min(1).max(MAX_JOB_ID_LENGTH).describe('The job id, e.g. pty-send-1 (see job_list).')

export const JobOutputParams = z.strictObject({
  job_id: jobId,
  wait: z.boolean().default(false).describe('Wait until the job finishes (or timeout_ms elapses) before reading.'),
  timeout_ms: z.number().int().min(0).max(MAX_WAIT_MS).default(DEFAULT_WAIT_TIMEOUT_MS)
    .describe(`With wait=true: the longest wait in milliseconds (default ${DEFAULT_WAIT_TIMEOUT_MS}, max ${MAX_WAIT_MS}).`),
})

export const JobListParams = z.strictObject({})

export const JobKillParams = z.strictObject({
  job_id: jobId,
  reason: z.string().max(MAX_REASON_LENGTH).optional().describe('Why the job is being stopped (shown in its status).'),
})
