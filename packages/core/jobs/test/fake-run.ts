import type { JobRun, JobSettlement } from '../src'

declare module '../src/types' {
  interface JobKindMap { alpha: 'alpha'; beta: 'beta' }
}

type OnCancel = (reason: unknown, settle: (s: JobSettlement) => void) => void

/** By default a cancelled fake run settles as killed at once (like a well-behaved run). */
const settleKilled: OnCancel = (_reason, settle) => { settle({ status: 'killed' }) }

/** A controllable job run: the test writes output and settles it. */
export function fakeRun(onCancel: OnCancel = settleKilled) {
  let settle!: (s: JobSettlement) => void
  const done = new Promise<JobSettlement>((resolve) => { settle = resolve })
  const pending: string[] = []
  const cancels: unknown[] = []
  const run: JobRun = {
    cancel: (reason) => { cancels.push(reason); onCancel(reason, settle) },
    done,
    readOutput: () => pending.splice(0).join(''),
  }
  return { run, settle, write: (text: string) => { pending.push(text) }, cancels }
}
