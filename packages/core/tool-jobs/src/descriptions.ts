// @dsh-pure
/** Model-facing tool descriptions. */
export const JOB_OUTPUT_DESCRIPTION = [
  'Read the new output of one of your background jobs (output since your previous read), followed by a',
  '`[status: <status>, <detail>]` line. Set wait=true to wait until the job finishes or timeout_ms elapses',
  '(default 30000, max 600000) before reading. Statuses: running, stopping, completed, killed, failed.',
].join(' ')

export const JOB_LIST_DESCRIPTION = 'List your background jobs, one line each: `<id> [<kind>] <status> <label>`.'

export const JOB_KILL_DESCRIPTION = [
  'Request cancellation of one of your background jobs. The job reads `stopping` until it has stopped,',
  'then `killed`; use job_output to collect its final output and status.',
].join(' ')
