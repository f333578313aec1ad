// @dsh-pure
import type { Agent } from 'dsh-agent'
import type { JobRun, JobSettlement } from 'dsh-jobs'
import type { TerminalSendOperation, TerminalSendResult } from 'dsh-terminal'
import { TerminalToolError } from '../errors'
import { renderChunk, sendDetail } from '../render/texts'
import type { ToolDeps } from './deps'

declare module 'dsh-jobs' {
  interface JobKindMap {
    /** A terminal_send with run_in_background: true. */
    'pty-send': 'pty-send'
  }
}

/** The job kind of a background terminal_send. */
export const PTY_SEND_KIND = 'pty-send' as const

export interface BackgroundSend {
  readonly owner: Agent
  readonly sessionId: string
  readonly text: string
  readonly submit: boolean
}

/**
 * Start a `pty-send` job and return its id. The session is reserved inside the job's run(),
 * so a busy session (SEND_ACTIVE) throws out of jobs.start and leaves no job id; without
 * ctx.jobs nothing is written at all.
 */
export function startBackgroundSend(deps: ToolDeps, send: BackgroundSend): string {
  const jobs = deps.jobs()
  if (jobs === undefined) throw new TerminalToolError('NO_JOBS')
  return jobs.start({
    kind: PTY_SEND_KIND,
    label: `${send.sessionId}: ${send.text || '(input)'}`,
    owner: send.owner,
    outputLimitBytes: deps.maxResultBytes,
    // the jobs runtime bounds what job_output shows (outputLimitBytes): the backend's own
    // bound applies to each chunk, so a long chunk's omission marker names its read
    run: () => sendJob(deps.terminals.startSend(send.owner, send.sessionId, { text: send.text, submit: send.submit })),
  })
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/** Adapt an in-flight send to a job: cancel is the send's cancel (a real SIGINT to the foreground group). */
function sendJob(operation: TerminalSendOperation): JobRun {
  let cancelRequested = false
  let settled: TerminalSendResult | undefined
  let finalRead = false
  // Registered before the jobs runtime sees `done`, so `settled` is set by the time it reacts.
  const done: Promise<JobSettlement> = operation.done.then(
    (result) => {
      settled = result
      return { status: cancelRequested ? 'killed' : 'completed', detail: sendDetail(result, cancelRequested) }
    },
    (error: unknown) => ({ status: 'failed', detail: describe(error) }),
  )
  return {
    cancel: (reason?: unknown) => {
      cancelRequested = true
      operation.cancel(reason)
    },
    done,
    readOutput: () => {
      if (settled === undefined) return renderChunk(operation.readOutput())
      // After settlement the rest of the output is the viewport (it excludes what was read).
      if (finalRead) return ''
      finalRead = true
      return renderChunk({ text: settled.viewport, truncated: settled.truncated, omission: settled.omission })
    },
  }
}
