import type { Context } from '@deepseek-ai/cordis'
import type {} from 'dsh-jobs'
import type {} from 'dsh-tools'
import * as z from 'zod'
import { jobTools } from './tools'

export const name = 'tool-jobs'
export const inject = ['tools', 'jobs']
export const Config = z.object({}).prefault({})
export type Config = z.output<typeof Config>

/** Registers job_output, job_list and job_kill for as long as this plugin is loaded. */
export const apply = (ctx: Context, _config: Config) => {
  for (const tool of jobTools(ctx.jobs)) ctx.tools.register(tool)
}

export { DEFAULT_WAIT_TIMEOUT_MS, JobKillParams, JobListParams, JobOutputParams, MAX_JOB_ID_LENGTH, MAX_REASON_LENGTH } from './params'
export { type JobKillValue, type JobOutputValue, jobLine, renderJobKill, renderJobList, renderJobOutput } from './render'
export { type JobsApi, jobTools } from './tools'
export { ToolJobsError, type ToolJobsErrorCode } from './errors'
