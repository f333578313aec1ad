import type { Context } from '@deepseek-ai/cordis'
import type { Agent } from 'dsh-agent'
import type { JobSnapshot } from 'dsh-jobs'
import type { JobCompletedEvent } from './protocol'

/** The completion event dsh-jobs emits on the root context (declared by dsh-jobs). */
export const JOB_COMPLETED_EVENT = 'jobs/completed'

/** The protocol event for one finished job. `content` is the jobs seam's bounded model text. */
export function jobCompletedEvent(owner: Agent, job: JobSnapshot, content: string): JobCompletedEvent {
  return { event: 'job-completed', agent: owner.name, jobId: job.id, status: job.status, content }
}

/** Forward every job completion of the composition as a protocol event. Returns an unsubscribe. */
export function watchJobCompletions(root: Context, emit: (event: JobCompletedEvent) => void): () => void {
  return root.on(JOB_COMPLETED_EVENT, (owner: Agent, job: JobSnapshot, content: string) => { emit(jobCompletedEvent(owner, job, content)) })
}
