// @dsh-pure
/**
 * Most output (UTF-16 code units, about bytes for terminal text) delivered to the listeners of
 * one terminal per event-loop turn; the rest waits for the next turn, so a burst (a pty read
 * after a pause, a large early chunk) cannot hold the event loop for one session.
 */
export const SLICE_CHARS = 64 * 1024
/**
 * Output queued or delivered-but-unconsumed above which the terminal stops reading its pty:
 * the program then blocks in write() instead of the host buffering its output. Listeners
 * report consumption by returning a promise (see dsh-subprocess's onData).
 */
export const HIGH_WATER_CHARS = 256 * 1024
/** Reading resumes once the backlog is back under this. */
export const LOW_WATER_CHARS = 64 * 1024

/** What can be paused: node-pty's IPty (its socket's pause/resume). */
export interface Pausable {
  pause(): void
  resume(): void
}

/** Promises of listeners still consuming a delivered chunk (none: consumed synchronously). */
export type Delivery = readonly PromiseLike<unknown>[] | undefined

/**
 * Paced delivery of one terminal's output. A chunk goes straight to the listeners while
 * nothing is queued and the turn's slice allows it; otherwise it is queued and delivered in
 * slices of at most SLICE_CHARS per turn (`schedule` runs the next turn, setImmediate in
 * production). The pty is paused while the backlog (queued plus delivered chunks whose
 * listener promises have not settled) is above HIGH_WATER_CHARS, and resumed at
 * LOW_WATER_CHARS. `release()` (the program exited) stops pausing for good: what is left in
 * the pty is read and delivered in order.
 */
export class OutputFlow {
  private readonly queue: string[] = []
  private queued = 0
  private unconsumed = 0
  private budget = SLICE_CHARS
  private turnScheduled = false
  private paused = false
  private released = false
  private readonly idleWaiters: Array<() => void> = []
  /** The largest backlog seen (for tests and diagnostics). */
  peakBacklog = 0

  constructor(
    private readonly source: Pausable,
    private readonly deliver: (chunk: string) => Delivery,
    private readonly schedule: (turn: () => void) => void,
  ) {}

  /** Output queued or delivered and not yet consumed. */
  get backlog(): number {
    return this.queued + this.unconsumed
  }

  get isPaused(): boolean {
    return this.paused
  }

  /** A chunk read from the pty. */
  push(chunk: string): void {
    if (chunk === '') return
    if (this.queue.length === 0 && chunk.length <= this.budget) this.send(chunk)
    else {
      this.queue.push(chunk)
      this.queued += chunk.length
      this.nextTurn()
    }
    this.regulate()
  }

  /** The program exited: never pause again, deliver the rest. */
  release(): void {
    this.released = true
    this.regulate()
  }

  /** Resolves once nothing is queued (every chunk pushed so far was handed to the listeners). */
  idle(): Promise<void> {
    return this.queue.length === 0 ? Promise.resolve() : new Promise((resolve) => this.idleWaiters.push(resolve))
  }

  private send(chunk: string): void {
    this.budget -= chunk.length
    this.nextTurn()
    const pending = this.deliver(chunk)
    if (!pending || pending.length === 0) return
    this.unconsumed += chunk.length
    this.peakBacklog = Math.max(this.peakBacklog, this.backlog)
    const settle = () => {
      this.unconsumed -= chunk.length
      this.regulate()
    }
    Promise.all(pending).then(settle, settle)
  }

  /** The budget is per turn: schedule the next turn (once), which refills it and drains. */
  private nextTurn(): void {
    if (this.turnScheduled) return
    this.turnScheduled = true
    this.schedule(() => {
      this.turnScheduled = false
      this.budget = SLICE_CHARS
      this.drain()
      this.regulate()
    })
  }

  private drain(): void {
    while (this.queue.length > 0 && this.budget > 0) {
      let chunk = this.queue[0]!
      if (chunk.length > this.budget) {
        const cut = safeCut(chunk, this.budget)
        this.queue[0] = chunk.slice(cut)
        chunk = chunk.slice(0, cut)
      } else this.queue.shift()
      this.queued -= chunk.length
      this.send(chunk)
    }
    if (this.queue.length === 0) for (const resolve of this.idleWaiters.splice(0)) resolve()
  }

  private regulate(): void {
    this.peakBacklog = Math.max(this.peakBacklog, this.backlog)
    if (!this.paused && !this.released && this.backlog > HIGH_WATER_CHARS) {
      this.paused = true
      this.source.pause()
    } else if (this.paused && (this.released || this.backlog <= LOW_WATER_CHARS)) {
      this.paused = false
      this.source.resume()
    }
  }
}

/** A cut point at or below `at` that does not split a UTF-16 surrogate pair (at least 1). */
export function safeCut(text: string, at: number): number {
  const code = text.charCodeAt(at - 1)
  const cut = code >= 0xd800 && code <= 0xdbff ? at - 1 : at
  return cut > 0 ? cut : Math.min(2, text.length)
}
