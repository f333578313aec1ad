// @dsh-pure
import type { ForegroundInspection } from 'dsh-subprocess'

/** What one post-write inspection proves. */
export interface Evidence {
  /** The foreground group waits on stdin, and that wait is new since the write. */
  readonly stdinWait: boolean
  /**
   * The shell owns the foreground and may be back at its prompt (the marker tier's gate):
   * it is not seen busy, and its counters do not show the send's input still unread.
   */
  readonly shellAtPrompt: boolean
  /**
   * The consumed-input counters prove the foreground read every byte written. Without
   * this proof a positive verdict is confirmed by a short quiet period instead (typeahead:
   * input written while another program owned the terminal is read by the shell later).
   */
  readonly consumed: boolean
}

/**
 * Judges post-write inspections against the pre-write baseline. A wait that existed
 * before the write is not readiness: it counts when the baseline's group consumed at least
 * the bytes written since the baseline (consumed-input counters), or, where the counters
 * cannot tell (another group, no counters), when the foreground group changed since the
 * baseline or was seen outside the wait after the write. Unknown verdicts and missing
 * counters are misses, never positive guesses.
 */
export class WaitEvidence {
  private required: number
  private requiredReads: number
  private sawOtherGroup = false
  private readonly leftWait = new Set<number>()

  /**
   * `baseline` is undefined when the pre-write lookup failed. `reads`: read calls the
   * input needs beyond its bytes (1 for an EOF, which completes an empty read).
   */
  constructor(private readonly baseline: ForegroundInspection | undefined, bytesWritten: number, reads = 0) {
    this.required = bytesWritten
    this.requiredReads = reads
  }

  /** Bytes we wrote into the terminal besides the send (e.g. answers to terminal queries). */
  addInjected(bytes: number): void {
    this.required += bytes
  }

  /** A typed interrupt flushed the terminal's input queue: nothing unread remains to consume. */
  dropUnread(): void {
    this.required = 0
    this.requiredReads = 0
  }

  /** The counters show input still unread by the baseline's group (false when they cannot tell). */
  unread(inspection: ForegroundInspection): boolean {
    return this.counted(inspection) === false
  }

  observe(inspection: ForegroundInspection): Evidence {
    const base = this.baseline
    if (base !== undefined && inspection.pgid !== base.pgid) this.sawOtherGroup = true
    if (inspection.stdin === 'not-waiting') this.leftWait.add(inspection.pgid)
    const consumed = this.counted(inspection)
    // counters that show the input unread overrule the weaker signs of a new wait
    const newWait = consumed ?? (this.sawOtherGroup || this.leftWait.has(inspection.pgid))
    return {
      stdinWait: inspection.stdin === 'waiting' && newWait,
      shellAtPrompt: inspection.isShell && inspection.stdin !== 'not-waiting' && consumed !== false,
      consumed: consumed === true,
    }
  }

  /** true/false from the counters of the baseline's group; undefined when they cannot tell. */
  private counted(inspection: ForegroundInspection): boolean | undefined {
    const base = this.baseline
    if (base === undefined || base.counters === undefined || inspection.counters === undefined) return undefined
    if (inspection.pgid !== base.pgid) return undefined
    return inspection.counters.rchar - base.counters.rchar >= this.required &&
      inspection.counters.syscr - base.counters.syscr >= this.requiredReads
  }
}
