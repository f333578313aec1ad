// @dsh-pure
import type { Agent } from 'dsh-agent'
import type { JobRead, JobSnapshot } from 'dsh-jobs'
import { defineTool } from 'dsh-tools'
import { JOB_KILL_DESCRIPTION, JOB_LIST_DESCRIPTION, JOB_OUTPUT_DESCRIPTION } from './descriptions'
import { ToolJobsError } from './errors'
import { JobKillParams, JobListParams, JobOutputParams } from './params'
import { type JobKillValue, type JobOutputValue, renderJobKill, renderJobList, renderJobOutput } from './render'

/** The part of ctx.jobs the tools call (structural, so tests may pass a stub). */
export interface JobsApi {
  list(owner: Agent): JobSnapshot[]
  read(owner: Agent, id: string): JobRead
  wait(owner: Agent, id: string, timeoutMs: number, signal?: AbortSignal): Promise<JobSnapshot>
  kill(owner: Agent, id: string, reason?: unknown): JobSnapshot
}

function requireAgent(agent: Agent | undefined): Agent {
  if (agent === undefined) throw new ToolJobsError('NO_AGENT')
  return agent
}

const FINAL = new Set(['completed', 'killed', 'failed'])

/** The three job tools over a jobs service. */
export function jobTools(jobs: JobsApi) {
  const jobOutput = defineTool({
    name: 'job_output',
    description: JOB_OUTPUT_DESCRIPTION,
    annotations: { title: 'Read a background job\'s output', readOnlyHint: true, openWorldHint: false },
    parameters: JobOutputParams,
    execute: async (args, exec): Promise<JobOutputValue> => {
      const owner = requireAgent(exec.agent)
      if (args.wait) await jobs.wait(owner, args.job_id, args.timeout_ms, exec.signal)
      const { output, dropped, snapshot } = jobs.read(owner, args.job_id)
      return { job: snapshot, output, dropped }
    },
    render: renderJobOutput,
    presentCall: (args) => ({ card: 'generic', title: `Read output of job ${args.job_id}`, kind: 'read' }),
  })

  const jobList = defineTool({
    name: 'job_list',
    description: JOB_LIST_DESCRIPTION,
    annotations: { title: 'List background jobs', readOnlyHint: true, openWorldHint: false },
    parameters: JobListParams,
    execute: (_args, exec): JobSnapshot[] => jobs.list(requireAgent(exec.agent)),
    render: renderJobList,
    presentCall: () => ({ card: 'generic', title: 'List jobs', kind: 'read' }),
  })

  const jobKill = defineTool({
    name: 'job_kill',
    description: JOB_KILL_DESCRIPTION,
    annotations: { title: 'Kill a background job', readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    parameters: JobKillParams,
    execute: (args, exec): JobKillValue => {
      const owner = requireAgent(exec.agent)
      const job = jobs.kill(owner, args.job_id, args.reason)
      return { job, requested: !FINAL.has(job.status) }
    },
    render: renderJobKill,
    presentCall: (args) => ({ card: 'generic', title: `Kill job ${args.job_id}`, kind: 'execute' }),
  })

  return [jobOutput, jobList, jobKill] as const
}
