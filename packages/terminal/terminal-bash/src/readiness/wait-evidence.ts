// @dsh-pure
import type { ForegroundInspection } from 'dsh-subprocess'

/** What one post-write inspection proves. */
export interface Evidence {
  /** The foreground group waits on stdin, and that wait is new since the write. */
  readonly stdinWait: boolean
  /** The shell owns the foreground and has consumed the send's input (marker tier gate). */
  readonly shellOwns: boolean
}

/**
 * Judges post-write inspections against the pre-write baseline. A wait that existed
 * before the write is not readiness: it counts only when the foreground group changed
 * since the baseline, was seen outside the wait after the write, or consumed at least the
 * bytes written since the baseline (consumed-input counters). Unknown verdicts and missing
 * counters are misses, never positive guesses.
 */
export class WaitEvidence {
  private required: number
  private sawOtherGroup = false
  private readonly leftWait = new Set<number>()

  /** `baseline` is undefined when the pre-write lookup failed. */
  constructor(private readonly baseline: ForegroundInspection | undefined, bytesWritten: number) {
    this.required = bytesWritten
  }

  /** Bytes we wrote into the terminal besides the send (e.g. answers to terminal queries). */
  addInjected(bytes: number): void {
    this.required += bytes
  }

  observe(inspection: ForegroundInspection): Evidence {
    const base = this.baseline
    if (base !== undefined && inspection.pgid !== base.pgid) this.sawOtherGroup = true
    if (inspection.stdin === 'not-waiting') this.leftWait.add(inspection.pgid)
    const consumed = this.consumed(inspection)
    const newWait = this.sawOtherGroup || this.leftWait.has(inspection.pgid) || consumed === true
    return {
      stdinWait: inspection.stdin === 'waiting' && newWait,
      // without counters (or a baseline) the marker plus the shell's foreground must do
      shellOwns: inspection.isShell && (consumed !== false || this.sawOtherGroup),
    }
  }

  /** true/false from the counters; undefined when they cannot tell. */
  private consumed(inspection: ForegroundInspection): boolean | undefined {
    const base = this.baseline
    if (base === undefined || base.counters === undefined || inspection.counters === undefined) return undefined
    if (inspection.pgid !== base.pgid) return undefined
    return inspection.counters.rchar - base.counters.rchar >= this.required
  }
}
