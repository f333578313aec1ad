import type { Context } from '@deepseek-ai/cordis'
import type { Agent } from 'dsh-agent'
import type { JobSnapshot } from 'dsh-jobs'

/** The completion event dsh-jobs emits on the root context (declared by dsh-jobs). */
export const JOB_COMPLETED_EVENT = 'jobs/completed'

/** One finished background job, as every front receives it. */
export interface JobCompletion {
  /** The agent that owns the job (a front routes the event to that agent's session only). */
  readonly agent: Agent
  readonly jobId: string
  readonly status: string
  /** The jobs seam's bounded model text: the job's unread output and its status line. */
  readonly content: string
}

/** Forward every job completion of the composition. Returns an unsubscribe. */
export function watchJobCompletions(root: Context, emit: (event: JobCompletion) => void): () => void {
  return root.on(JOB_COMPLETED_EVENT, (owner: Agent, job: JobSnapshot, content: string) => {
    emit({ agent: owner, jobId: job.id, status: job.status, content })
  })
}
