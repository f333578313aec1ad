// @dsh-pure
import type { TerminalOmission } from 'dsh-terminal'
import { newlinesBefore } from './newlines'
import { utf8Head, utf8Length, utf8Tail } from './utf8'

/** A delta as kept: its text, and where its middle was left out (if it was). */
export interface BoundedDelta {
  readonly text: string
  /** Document lines of the omission (the first and last line it touched) and its size. */
  readonly omission?: Omitted
}

export interface Omitted {
  /** UTF-16 index in the text where the omitted text was. */
  readonly at: number
  readonly bytes: number
  readonly firstLine: number
  readonly lastLine: number
}

interface Chunk {
  text: string
  bytes: number
}

/**
 * Text of one delta kept within a byte bound by its head and its tail: the head fills up
 * to `headMax` and ends on a line boundary, the tail keeps the newest `tailMax` bytes, and
 * what falls between is counted (bytes, and at take() the document lines it touched)
 * instead of kept. Appending costs O(text) and never counts lines: line numbers are
 * worked out at take() from where the delta started and where it ends.
 */
export class HeadTail {
  private head: string[] = []
  private headBytes = 0
  private headClosed = false
  private tail: Chunk[] = []
  private tailHead = 0
  private tailBytes = 0
  private omittedBytes = 0
  /** The dropped text ended at a line boundary (or nothing was dropped). */
  private tailAtLineStart = true
  /** Document line of the first character appended since the last take (-1: none yet). */
  private startLine = -1

  constructor(private readonly headMax: number, private readonly tailMax: number) {}

  get empty(): boolean {
    return this.startLine === -1
  }

  /** Append `text`, whose first character belongs to document line `line`. */
  append(text: string, line: number): void {
    if (text.length === 0) return
    if (this.startLine === -1) this.startLine = line
    if (this.headClosed) {
      this.toTail(text)
      return
    }
    const size = utf8Length(text)
    if (this.headBytes + size <= this.headMax) {
      this.head.push(text)
      this.headBytes += size
      return
    }
    // close the head on the last line boundary that fits; the rest starts the tail
    const room = utf8Head(text, this.headMax - this.headBytes)
    let keep = room.lastIndexOf('\n') + 1
    if (keep === 0 && this.headBytes === 0) keep = room.length
    this.headClosed = true
    if (keep > 0) {
      const kept = text.slice(0, keep)
      this.head.push(kept)
      this.headBytes += utf8Length(kept)
    }
    this.toTail(text.slice(keep))
  }

  /**
   * Everything kept, then start afresh. `endLine` is the document line the delta's last
   * character belongs to (with a trailing newline: the line after it).
   */
  take(endLine: number): BoundedDelta {
    const head = this.head.join('')
    let tail = this.tail.slice(this.tailHead).map((c) => c.text).join('')
    let omission: Omitted | undefined
    if (this.omittedBytes > 0) {
      // the tail starts on a line boundary: a partly dropped first line goes entirely
      const nl = this.tailAtLineStart ? -1 : tail.indexOf('\n')
      if (nl !== -1) {
        this.omittedBytes += utf8Length(tail.slice(0, nl + 1))
        tail = tail.slice(nl + 1)
        this.tailAtLineStart = true
      }
      const firstLine = this.startLine + newlinesBefore(head)
      const tailLine = endLine - newlinesBefore(tail)
      const lastLine = this.tailAtLineStart ? tailLine - 1 : tailLine
      omission = { at: head.length, bytes: this.omittedBytes, firstLine, lastLine: Math.max(lastLine, firstLine) }
    }
    this.reset()
    return omission ? { text: head + tail, omission } : { text: head + tail }
  }

  private toTail(text: string): void {
    if (text.length === 0) return
    const bytes = utf8Length(text)
    this.tail.push({ text, bytes })
    this.tailBytes += bytes
    while (this.tailBytes > this.tailMax) {
      const chunk = this.tail[this.tailHead]!
      const excess = this.tailBytes - this.tailMax
      if (chunk.bytes <= excess) {
        this.omittedBytes += chunk.bytes
        this.tailBytes -= chunk.bytes
        this.tailAtLineStart = chunk.text.endsWith('\n')
        this.tail[this.tailHead] = { text: '', bytes: 0 }
        this.tailHead++
        continue
      }
      const cut = utf8Tail(chunk.text, chunk.bytes - excess)
      this.tailAtLineStart = chunk.text.charCodeAt(chunk.text.length - cut.text.length - 1) === 0x0a
      chunk.text = cut.text
      chunk.bytes -= cut.dropped
      this.omittedBytes += cut.dropped
      this.tailBytes -= cut.dropped
    }
    if (this.tailHead > 64 && this.tailHead * 2 > this.tail.length) {
      this.tail = this.tail.slice(this.tailHead)
      this.tailHead = 0
    }
  }

  private reset(): void {
    this.head = []
    this.headBytes = 0
    this.headClosed = false
    this.tail = []
    this.tailHead = 0
    this.tailBytes = 0
    this.omittedBytes = 0
    this.tailAtLineStart = true
    this.startLine = -1
  }
}

/**
 * Shrink a kept delta to `maxBytes` (when it is larger) by widening its omission, or
 * making one in the middle: whole lines go from the end of the head and the start of the
 * tail. `firstLine` is the document line of the text's first character (used only when
 * there was no omission yet). A text that is one line keeps its head and tail bytes.
 */
export function shrinkDelta(delta: BoundedDelta, maxBytes: number, firstLine: number): BoundedDelta {
  const size = utf8Length(delta.text)
  if (size <= maxBytes) return delta
  const { text } = delta
  const at = delta.omission?.at ?? Math.floor(text.length / 4)
  const headRoom = Math.floor(maxBytes / 4)
  // the head ends on a line boundary (no head at all when no whole line fits)
  let head = utf8Head(text.slice(0, at), headRoom)
  head = head.slice(0, head.lastIndexOf('\n') + 1)
  let tail = utf8Tail(text.slice(at), maxBytes - utf8Length(head)).text
  const rest = text.slice(at)
  if (tail.length < rest.length) {
    const tailNl = tail.indexOf('\n')
    if (tailNl !== -1 && rest.charCodeAt(rest.length - tail.length - 1) !== 0x0a) tail = tail.slice(tailNl + 1)
  }
  const cutHead = text.slice(head.length, at)
  const cutTail = rest.slice(0, rest.length - tail.length)
  const before = delta.omission
  const partial = (cut: string) => (cut.length > 0 && !cut.endsWith('\n') ? 1 : 0)
  let startLine: number
  let lastLine: number
  if (before) {
    startLine = before.firstLine - newlinesBefore(cutHead)
    lastLine = before.lastLine + newlinesBefore(cutTail) + partial(cutTail)
  } else {
    const region = cutHead + cutTail
    startLine = firstLine + newlinesBefore(text, head.length)
    lastLine = startLine + newlinesBefore(region) + partial(region) - 1
  }
  return {
    text: head + tail,
    omission: {
      at: head.length,
      bytes: (before?.bytes ?? 0) + utf8Length(cutHead) + utf8Length(cutTail),
      firstLine: startLine,
      lastLine: Math.max(lastLine, startLine),
    },
  }
}

/** The omission as the result reports it, paged from the newest line `newest`. */
export function omissionFor(omitted: Omitted, newest: number, retainedLines: number): TerminalOmission {
  const lines = omitted.lastLine - omitted.firstLine + 1
  const readOffset = Math.max(0, newest - omitted.lastLine)
  return {
    at: omitted.at,
    lines,
    bytes: omitted.bytes,
    readOffset,
    readCount: Math.max(0, Math.min(lines, retainedLines - readOffset)),
  }
}
