import { randomBytes } from 'node:crypto'
import { writeSync } from 'node:fs'
import { SentinelFilter } from './sentinel-filter'

/**
 * How long a barrier waits for its sentinel to come out of the master. An idle machine
 * needs well under a millisecond; the bound covers output stopped by ^S (the sentinel
 * cannot be written or cannot pass), a pty whose reader is stalled, and a machine under
 * heavy load, and keeps a caller that settles on the barrier responsive in all of them.
 */
export const FLUSH_TIMEOUT_MS = 250
/**
 * Retry period while the pty's output queue is full (EAGAIN): the reader frees room within
 * a few event-loop turns unless output is stopped, which the timeout then covers.
 */
export const FLUSH_RETRY_MS = 2
/**
 * How long the rest of a sentinel that went out only in part (the queue filled mid-write)
 * keeps being written after its barrier gave up: an unfinished OSC sequence would swallow
 * the output that follows it in a terminal renderer, so completing it matters more.
 */
export const FLUSH_REMAINDER_MAX_MS = 2_000
/**
 * The sentinel is an OSC sequence no terminal assigns (6973). Upper case, digits and
 * punctuation only, so no output post-processing of the slave (OLCUC, ONLCR) changes it.
 */
const SENTINEL_OSC = 6973

interface Barrier {
  readonly sentinel: string
  readonly bytes: Buffer
  /** Bytes of the sentinel written to the slave so far. */
  written: number
  readonly waiters: Array<(proven: boolean) => void>
  readonly giveUpAt: number
  timer?: NodeJS.Timeout
  retry?: NodeJS.Timeout
  settled: boolean
}

/**
 * An exact output barrier: a unique sentinel written to the pty SLAVE from this process
 * enters the terminal's output queue after every byte the programs wrote before it, so
 * once it comes out of the master's data stream, all of that output has been delivered.
 * The sentinel is removed from the stream (see SentinelFilter).
 */
export class OutputBarrier {
  readonly filter = new SentinelFilter()
  private readonly nonce = randomBytes(8).toString('hex').toUpperCase()
  private sequence = 0
  /** A barrier whose sentinel has not gone out at all yet: later callers share it. */
  private unsent: Barrier | undefined
  private readonly active = new Set<Barrier>()
  private ended = false

  /**
   * @param slaveFd a writable fd on this terminal's own pty slave, read at each write (it
   *   is undefined before the slave was verified and after it was released)
   * @param deliver hands output the filter stops holding back to the listeners
   */
  constructor(
    private readonly slaveFd: () => number | undefined,
    private readonly deliver: (text: string) => void,
    /** Resolves once output already read from the pty was delivered (paced delivery, see OutputFlow). */
    private readonly delivered: () => Promise<void> = () => Promise.resolve(),
  ) {}

  /** True once the output written before the call was delivered; false when unproven. */
  flush(): Promise<boolean> {
    return new Promise((resolve) => {
      if (this.unsent) {
        this.unsent.waiters.push(resolve)
        return
      }
      if (this.ended || this.slaveFd() === undefined) {
        setImmediate(resolve, false)
        return
      }
      const sentinel = `\x1b]${SENTINEL_OSC};DSH-FLUSH;${this.nonce};${++this.sequence}\x07`
      const barrier: Barrier = {
        sentinel, bytes: Buffer.from(sentinel, 'latin1'), written: 0, waiters: [resolve],
        giveUpAt: performance.now() + FLUSH_REMAINDER_MAX_MS, settled: false,
      }
      this.active.add(barrier)
      this.filter.expect(sentinel, () => this.settle(barrier, true))
      // On expiry, one more turn: output already readable is read (poll phase) and what was
      // read is delivered before giving up, so a stalled event loop (or paced delivery of a
      // flood) does not turn a proof into a false.
      barrier.timer = setTimeout(() => setImmediate(() => {
        void this.delivered().then(() => this.settle(barrier, false))
      }), FLUSH_TIMEOUT_MS)
      this.pump(barrier)
    })
  }

  /** The output stream ended: every pending barrier resolves false; returns held-back output. */
  end(): string {
    this.ended = true
    const held = this.filter.end()
    for (const barrier of [...this.active]) {
      this.stopRetry(barrier)
      this.settle(barrier, false)
    }
    return held
  }

  /** Write what is left of the sentinel; retry while the queue is full (EAGAIN). */
  private pump(barrier: Barrier): void {
    barrier.retry = undefined
    const fd = this.ended ? undefined : this.slaveFd()
    let failed = fd === undefined
    if (fd !== undefined) {
      try {
        while (barrier.written < barrier.bytes.length) {
          const n = writeSync(fd, barrier.bytes, barrier.written)
          if (n <= 0) break
          barrier.written += n
        }
      } catch (error) {
        failed = (error as NodeJS.ErrnoException).code !== 'EAGAIN'
      }
    }
    if (this.unsent === barrier && barrier.written > 0) this.unsent = undefined
    if (failed) {
      this.stopRetry(barrier)
      this.settle(barrier, false)
    } else if (this.wantsRetry(barrier)) {
      if (barrier.written === 0) this.unsent = barrier
      barrier.retry = setTimeout(() => this.pump(barrier), FLUSH_RETRY_MS)
    } else {
      this.retire(barrier)
    }
  }

  /**
   * Keep writing? Not once the sentinel is out. Nothing of it out yet: only while its
   * barrier waits. Part of it out: until it is complete or FLUSH_REMAINDER_MAX_MS passed.
   */
  private wantsRetry(barrier: Barrier): boolean {
    if (barrier.written === barrier.bytes.length) return false
    if (barrier.written === 0) return !barrier.settled
    return performance.now() < barrier.giveUpAt
  }

  private settle(barrier: Barrier, proven: boolean): void {
    if (barrier.settled) return
    barrier.settled = true
    clearTimeout(barrier.timer)
    if (!proven) {
      const released = this.filter.abandon(barrier.sentinel, barrier.written > 0)
      if (released) this.deliver(released)
    }
    // Nothing went out yet: stop trying, so no sentinel appears after its barrier gave up.
    if (barrier.written === 0) this.stopRetry(barrier)
    this.retire(barrier)
    for (const resolve of barrier.waiters) resolve(proven)
  }

  private stopRetry(barrier: Barrier): void {
    clearTimeout(barrier.retry)
    barrier.retry = undefined
    if (this.unsent === barrier) this.unsent = undefined
  }

  /** Forget a barrier once it is settled and nothing of it is left to write. */
  private retire(barrier: Barrier): void {
    if (barrier.settled && !barrier.retry) this.active.delete(barrier)
  }
}
