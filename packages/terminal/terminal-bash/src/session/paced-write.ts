// @dsh-pure
import type { ForegroundInspection } from 'dsh-subprocess'
import { utf8Length } from '../output/utf8'
import type { Scheduler } from '../readiness/scheduler'

/**
 * Text longer than this is written in chunks of this size, each once the program read the
 * one before: a terminal holds about this much unread input (Linux N_TTY_BUF_SIZE), and
 * node-pty would otherwise queue the rest in the host, out of reach of a cancel.
 */
export const PACE_CHUNK_BYTES = 4_096

/** How often the foreground's consumed-input counters are read while a chunk is being read. */
export const PACE_POLL_MS = 2

export interface PacedWriteOptions {
  readonly scheduler: Scheduler
  readonly write: (data: string) => Promise<void>
  readonly inspect: () => Promise<ForegroundInspection>
  /** Stop writing (the send was cancelled or settled): the rest is never written. */
  readonly stopped: () => boolean
}

/** Split on code points into pieces of at most `maxBytes` UTF-8 bytes (one oversized code point alone). */
export function splitUtf8(text: string, maxBytes: number): string[] {
  const pieces: string[] = []
  let current = ''
  let bytes = 0
  for (const c of text) {
    const n = utf8Length(c)
    if (bytes + n > maxBytes && current !== '') {
      pieces.push(current)
      current = ''
      bytes = 0
    }
    current += c
    bytes += n
  }
  if (current !== '') pieces.push(current)
  return pieces
}

/**
 * Write `data`, pacing text past PACE_CHUNK_BYTES: each chunk goes once the foreground
 * group's counters show the previous one read (a new foreground group is a new reader:
 * its reads count from when it appeared). Where counters cannot tell, the rest is written
 * at once. Resolves with the UTF-8 bytes written; fewer than the whole when `stopped()`.
 */
export async function writePaced(data: string, options: PacedWriteOptions): Promise<number> {
  const chunks = splitUtf8(data, PACE_CHUNK_BYTES)
  let written = 0
  for (let i = 0; i < chunks.length; i++) {
    if (options.stopped()) break
    const before = chunks.length > 1 && i < chunks.length - 1 ? await options.inspect().catch(() => undefined) : undefined
    await options.write(chunks[i]!)
    written += utf8Length(chunks[i]!)
    if (before !== undefined && !(await readBy(before, utf8Length(chunks[i]!), options))) {
      // the counters cannot tell: the rest goes at once
      const rest = chunks.slice(i + 1).join('')
      if (rest !== '' && !options.stopped()) {
        await options.write(rest)
        written += utf8Length(rest)
      }
      break
    }
  }
  return written
}

/** Wait until `bytes` more were read; false when the counters cannot tell (undefined: stopped). */
async function readBy(before: ForegroundInspection, bytes: number, options: PacedWriteOptions): Promise<boolean> {
  let base = before
  let read = 0
  while (read < bytes) {
    await new Promise<void>((resolve) => options.scheduler.after(PACE_POLL_MS, resolve))
    if (options.stopped()) return true
    const now = await options.inspect().catch(() => undefined)
    if (now?.counters === undefined || base.counters === undefined) return false
    if (now.pgid === base.pgid) read += Math.max(0, now.counters.rchar - base.counters.rchar)
    base = now
  }
  return true
}
