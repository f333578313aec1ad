// @dsh-pure
import { truncateUtf8 } from 'dsh-tools'

/** Ids longer than this are cut in messages (a model may send anything as an id). */
export const MAX_ID_IN_MESSAGE_BYTES = 128
/** Every failure of the jobs seam carries exactly one of these codes. */
export type JobErrorCode =
  | 'INVALID_JOB'
  | 'OWNER_NOT_LIVE'
  | 'TOO_MANY_JOBS'
  | 'NO_JOB'
  | 'INVALID_TIMEOUT'
  | 'CANCELLED'
  | 'CANCEL_FAILED'
  | 'SETTLE_TIMEOUT'
  | 'SERVICE_DISPOSING'

const DEFAULT_MESSAGES: Record<JobErrorCode, string> = {
  INVALID_JOB: 'the job options are invalid; fix the named field of jobs.start({...})',
  OWNER_NOT_LIVE: 'the owning agent has ended; start jobs for a live agent',
  TOO_MANY_JOBS: 'this agent has too many running jobs; wait for or kill one (job_list shows them)',
  NO_JOB: 'no such job for this agent; call job_list to see your jobs',
  INVALID_TIMEOUT: 'the wait timeout must be a non-negative number of milliseconds',
  CANCELLED: 'the wait was cancelled; the job keeps running',
  CANCEL_FAILED: 'the job could not be cancelled; it is still running',
  SETTLE_TIMEOUT: 'a cancelled job did not finish in time; its resources may still be in use',
  SERVICE_DISPOSING: 'the jobs service is shutting down; no new jobs are accepted',
}

export class JobError extends Error {
  override name = 'JobError'
  constructor(readonly code: JobErrorCode, message = DEFAULT_MESSAGES[code], options?: { cause?: unknown }) {
    super(message, options)
  }
}

/** The refusal for an unknown id and for another owner's id: identical on purpose. */
export function noJob(id: string): JobError {
  const shown = JSON.stringify(truncateUtf8(id, MAX_ID_IN_MESSAGE_BYTES))
  return new JobError('NO_JOB', `no job ${shown} for this agent; call job_list to see your jobs`)
}
