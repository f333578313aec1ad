// @dsh-pure
import { truncateUtf8 } from 'dsh-tools'
import { JobError } from './errors'
import { MIN_OUTPUT_LIMIT_BYTES } from './format'
import { MAX_LABEL_BYTES } from './job-record'
import type { JobRun, JobStartOptions } from './types'

/** Job kinds become id prefixes: `<kind>-<n>`. */
export const JOB_KIND_PATTERN = /^[a-z][a-z0-9-]{0,31}$/

/** Check the options of `start` (before run() is called); throws INVALID_JOB naming the field. */
export function checkStart(options: JobStartOptions): JobStartOptions {
  const { kind, label, owner, outputLimitBytes, run } = options ?? ({} as JobStartOptions)
  if (typeof kind !== 'string' || !JOB_KIND_PATTERN.test(kind)) {
    throw new JobError('INVALID_JOB', `kind must match ${JOB_KIND_PATTERN} (it prefixes job ids), got ${JSON.stringify(kind)}`)
  }
  if (typeof label !== 'string') throw new JobError('INVALID_JOB', `label must be a string, got ${typeof label}`)
  if (typeof owner !== 'object' || owner === null || typeof owner.onDispose !== 'function') {
    throw new JobError('INVALID_JOB', 'owner must be an Agent from ctx.agents')
  }
  if (outputLimitBytes !== undefined && (!Number.isSafeInteger(outputLimitBytes) || outputLimitBytes < MIN_OUTPUT_LIMIT_BYTES)) {
    throw new JobError('INVALID_JOB', `outputLimitBytes must be a safe integer >= ${MIN_OUTPUT_LIMIT_BYTES}, got ${String(outputLimitBytes)}`)
  }
  if (typeof run !== 'function') throw new JobError('INVALID_JOB', 'run must be a function returning {cancel, done, readOutput?}')
  return { ...options, label: truncateUtf8(label, MAX_LABEL_BYTES) }
}

/** Check what run() returned. */
export function checkRun(run: JobRun): JobRun {
  const ok = typeof run === 'object' && run !== null && typeof run.cancel === 'function'
    && typeof (run.done as { then?: unknown } | undefined)?.then === 'function'
    && (run.readOutput === undefined || typeof run.readOutput === 'function')
  if (!ok) {
    // Whatever it started must not run on unowned: stop it if it can be stopped.
    try { (run as Partial<JobRun> | undefined)?.cancel?.(new Error('invalid job run')) } catch { /* already failing */ }
    throw new JobError('INVALID_JOB', 'run() must return {cancel(reason?), done: Promise<{status, detail?}>, readOutput?()}; no job id was used')
  }
  return run
}
