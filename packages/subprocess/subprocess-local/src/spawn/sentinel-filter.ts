// @dsh-pure
/**
 * Output a timed-out (late) sentinel may still be found in: past this many bytes after it
 * was given up, it is forgotten and scanning stops. It covers everything a stopped output
 * (^S) can release at once: a pty queues at most 64 KiB ahead of the reader.
 */
export const LATE_SENTINEL_WINDOW = 256 * 1024
/** Late sentinels remembered at once (the oldest is forgotten first). */
export const MAX_LATE_SENTINELS = 8

interface Late {
  readonly sentinel: string
  /** Output bytes still to scan for it. */
  budget: number
}

/**
 * Removes output-barrier sentinels from a terminal's output stream. While a sentinel is
 * pending, a chunk's tail that could be the start of one is held back (the carry) and joined
 * to the next chunk, so a sentinel split across reads is still found. With nothing pending
 * and no late sentinel, a chunk passes through untouched and unscanned.
 */
export class SentinelFilter {
  private readonly pending = new Map<string, () => void>()
  private late: Late[] = []
  private carry = ''

  /**
   * Watch for `sentinel`. `onSeen` runs once, inside the push() that finds it and before its
   * caller delivers the output that preceded it: resolve a promise there (its reactions run
   * after the delivery).
   */
  expect(sentinel: string, onSeen: () => void): void {
    this.pending.set(sentinel, onSeen)
  }

  /**
   * Stop waiting for `sentinel`. When it was written (`written`), it may still arrive: it is
   * then removed if it shows up whole within one chunk in the next LATE_SENTINEL_WINDOW bytes.
   * Returns held-back output that no pending sentinel can claim any more (deliver it now).
   */
  abandon(sentinel: string, written: boolean): string {
    if (!this.pending.delete(sentinel)) return ''
    if (written) {
      this.late.push({ sentinel, budget: LATE_SENTINEL_WINDOW })
      if (this.late.length > MAX_LATE_SENTINELS) this.late.shift()
    }
    const text = this.carry
    this.carry = ''
    const keep = heldTail(text, this.pending.keys())
    this.carry = text.slice(text.length - keep)
    return text.slice(0, text.length - keep)
  }

  /** Filter one chunk: returns the output to deliver now (possibly empty). */
  push(chunk: string): string {
    if (this.pending.size === 0 && this.late.length === 0 && this.carry === '') return chunk
    let text = this.carry + chunk
    this.carry = ''
    const seen: Array<() => void> = []
    for (const [sentinel, onSeen] of this.pending) {
      const at = text.indexOf(sentinel)
      if (at < 0) continue
      text = text.slice(0, at) + text.slice(at + sentinel.length)
      this.pending.delete(sentinel)
      seen.push(onSeen)
    }
    if (this.late.length > 0) text = this.stripLate(text, chunk.length)
    const keep = this.pending.size > 0 ? heldTail(text, this.pending.keys()) : 0
    this.carry = text.slice(text.length - keep)
    for (const onSeen of seen) onSeen()
    return text.slice(0, text.length - keep)
  }

  /** The stream ended: forget every sentinel and return what was held back. */
  end(): string {
    const text = this.carry
    this.carry = ''
    this.pending.clear()
    this.late = []
    return text
  }

  private stripLate(text: string, scanned: number): string {
    let out = text
    this.late = this.late.filter((late) => {
      const at = out.indexOf(late.sentinel)
      if (at >= 0) {
        out = out.slice(0, at) + out.slice(at + late.sentinel.length)
        return false
      }
      late.budget -= scanned
      return late.budget > 0
    })
    return out
  }
}

/**
 * Length of the longest tail of `text` that is a proper prefix of one of `sentinels` (it
 * may be completed by the next chunk).
 */
export function heldTail(text: string, sentinels: Iterable<string>): number {
  let best = 0
  for (const sentinel of sentinels) {
    const from = Math.max(0, text.length - sentinel.length + 1)
    for (let i = from; i < text.length && text.length - i > best; i++) {
      if (text.charCodeAt(i) === sentinel.charCodeAt(0) && sentinel.startsWith(text.slice(i))) {
        best = text.length - i
        break
      }
    }
  }
  return best
}
