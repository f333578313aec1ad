// @dsh-pure
import { newlineAfter, newlineFromEnd, newlinesBefore } from './newlines'
import { utf8Length, utf8Tail } from './utf8'

export interface ScrollbackLimits {
  /** Retained lines (a trailing newline counts as an empty last line). */
  readonly maxLines: number
  /** Retained UTF-8 bytes, newlines included. */
  readonly maxBytes: number
  /** UTF-8 bytes of one read page. */
  readonly maxReadBytes: number
}

export interface ScrollbackPage {
  readonly text: string
  readonly totalLines: number
  readonly lineBegin: number
  readonly lineEnd: number
  readonly truncated: boolean
  /** The page itself lost text: cut to the byte bound, or it asked for lines no longer retained. */
  readonly pageCut: boolean
}

/**
 * When one line alone exceeds the byte bound its head is cut down to this share of the
 * bound, so an endless line without newlines is not rescanned on every chunk.
 */
const LONG_LINE_KEEP_RATIO = 0.75

/** A run of whole lines as appended, each ended by a newline. */
interface Block {
  text: string
  /** Newlines in `text`, i.e. its lines. */
  lines: number
  /** UTF-8 bytes of `text`. */
  bytes: number
}

/**
 * Retained session output as lines, bounded by line count and by UTF-8 bytes (one huge
 * line cannot bypass the byte bound). Reads page backwards from the newest line.
 *
 * Text is kept as appended, in blocks of whole lines plus the open last line: appending
 * counts newlines and never splits, so a flood costs no per-line allocation, and lines
 * are split only when a read pages through them. An append carrying more lines than can
 * be retained skips straight to the lines that survive (they are found from the end).
 */
export class Scrollback {
  private blocks: Block[] = []
  private head = 0
  /** Lines ended by a newline (all in blocks); the open line is one more. */
  private ended = 0
  private open = ''
  private openBytes = 0
  /** UTF-8 bytes of everything retained, newlines included. */
  private bytes = 0
  /** True once anything was dropped; every later read reports truncation. */
  dropped = false

  constructor(private readonly limits: ScrollbackLimits) {}

  get totalLines(): number {
    return this.ended + 1
  }

  /** Append `text`; `newlines`, when the caller already counted them, saves a scan. */
  append(text: string, newlines?: number): void {
    if (text.length === 0) return
    const { maxLines } = this.limits
    // only a text of at least maxLines characters can hold maxLines newlines
    const cut = text.length >= maxLines && (newlines === undefined || newlines >= maxLines) ? newlineFromEnd(text, maxLines) : -1
    if (cut !== -1) {
      // the newest maxLines lines all start inside this text: everything older goes now,
      // never split or counted (it is retention loss like any line trimmed later)
      this.clear()
      text = text.slice(cut + 1)
    }
    const lines = cut !== -1 ? maxLines - 1 : newlines ?? newlinesBefore(text)
    const last = text.lastIndexOf('\n')
    if (last === -1) {
      const size = utf8Length(text)
      this.open += text
      this.openBytes += size
      this.bytes += size
    } else {
      const size = utf8Length(text)
      const open = text.slice(last + 1)
      const openBytes = utf8Length(open)
      this.blocks.push({
        text: this.open + text.slice(0, last + 1),
        lines,
        bytes: this.openBytes + size - openBytes,
      })
      this.ended += lines
      this.open = open
      this.openBytes = openBytes
      this.bytes += size
    }
    this.trim()
  }

  /** Lines retained when `live` (lines not appended yet, the first continuing the open line) follow. */
  totalWith(live: readonly string[]): number {
    return Math.min(this.ended + Math.max(1, live.length), Math.max(this.limits.maxLines, live.length))
  }

  /**
   * A page of `count` lines ending `offset` lines back from the newest line. `live` are
   * lines not appended yet (a renderer's live region): the first continues the open line.
   * An offset past the retained lines gives an empty page at the oldest end.
   */
  read(offset: number, count: number | undefined, live: readonly string[] = ['']): ScrollbackPage {
    const total = this.totalWith(live)
    // live lines count against the line bound too: the oldest retained lines give way
    const hidden = this.ended + Math.max(1, live.length) - total
    const end = Math.max(0, total - offset)
    const begin = end - (count === undefined ? end : Math.min(count, end))
    // keep the newest lines of the page within the byte bound
    const page: string[] = []
    let bytes = 0
    let cut = (this.dropped || hidden > 0) && (count === undefined || offset + count > total)
    for (const line of this.linesBack(end + hidden, begin + hidden, live)) {
      const size = utf8Length(line) + (page.length > 0 ? 1 : 0)
      if (bytes + size <= this.limits.maxReadBytes) {
        bytes += size
        page.push(line)
        continue
      }
      cut = true
      // the newest line alone is too big: keep its tail
      if (page.length === 0) page.push(utf8Tail(line, this.limits.maxReadBytes).text)
      break
    }
    page.reverse()
    const lineBegin = Math.min(offset, total)
    return {
      text: page.join('\n'),
      totalLines: total,
      lineBegin,
      lineEnd: lineBegin + page.length,
      truncated: this.dropped || hidden > 0 || cut,
      pageCut: cut,
    }
  }

  /** Lines `end - 1` down to `begin` (indexes from the oldest retained line). */
  private *linesBack(end: number, begin: number, live: readonly string[]): Generator<string> {
    let i = end - 1
    for (let k = live.length - 1; k >= 1 && i >= begin; k--) {
      if (this.ended + k > i) continue
      yield live[k]!
      i--
    }
    if (i >= begin && i === this.ended) {
      yield this.open + (live[0] ?? '')
      i--
    }
    let top = this.ended
    for (let k = this.blocks.length - 1; k >= this.head && i >= begin; k--) {
      const block = this.blocks[k]!
      const first = top - block.lines
      if (i >= first) {
        const lines = block.text.split('\n')
        for (; i >= first && i >= begin; i--) yield lines[i - first]!
      }
      top = first
    }
  }

  private trim(): void {
    const { maxLines, maxBytes } = this.limits
    // whole lines past the line bound
    while (this.totalLines > maxLines) {
      const block = this.blocks[this.head]!
      const need = this.totalLines - maxLines
      if (block.lines <= need) this.dropBlock()
      else this.cutBlock(block, newlineAfter(block.text, need, block.lines), need)
    }
    // whole lines past the byte bound, the newest line always kept
    while (this.bytes > maxBytes && this.ended > 0) {
      const block = this.blocks[this.head]!
      const excess = this.bytes - maxBytes
      if (block.bytes <= excess) this.dropBlock()
      else {
        const index = lineEndCovering(block, excess)
        this.cutBlock(block, index, newlinesBefore(block.text, index))
      }
    }
    // the newest line alone is over the byte bound: keep its tail
    if (this.bytes > maxBytes) {
      this.dropped = true
      const cut = utf8Tail(this.open, Math.floor(maxBytes * LONG_LINE_KEEP_RATIO))
      this.open = cut.text
      this.openBytes -= cut.dropped
      this.bytes -= cut.dropped
    }
    if (this.head > 1024 && this.head * 2 > this.blocks.length) {
      this.blocks = this.blocks.slice(this.head)
      this.head = 0
    }
  }

  private dropBlock(): void {
    const block = this.blocks[this.head]!
    this.dropped = true
    this.ended -= block.lines
    this.bytes -= block.bytes
    this.blocks[this.head] = { text: '', lines: 0, bytes: 0 }
    this.head++
  }

  /** Drop the `lines` lines of `block` before `index` (just after one of its newlines). */
  private cutBlock(block: Block, index: number, lines: number): void {
    const bytes = block.bytes === block.text.length ? index : utf8Length(block.text.slice(0, index))
    this.dropped = true
    block.text = block.text.slice(index)
    block.lines -= lines
    block.bytes -= bytes
    this.ended -= lines
    this.bytes -= bytes
  }

  private clear(): void {
    this.dropped = true
    this.blocks = []
    this.head = 0
    this.ended = 0
    this.open = ''
    this.openBytes = 0
    this.bytes = 0
  }
}

/**
 * The index just after the first newline of `block` whose line prefix holds at least
 * `bytes` UTF-8 bytes (block.bytes > bytes, so that newline exists).
 */
function lineEndCovering(block: Block, bytes: number): number {
  const { text } = block
  // ASCII: bytes are units, so the newline is simply the first one at or past the count
  if (block.bytes === text.length) return text.indexOf('\n', bytes - 1) + 1
  let from = 0
  let covered = 0
  for (;;) {
    const nl = text.indexOf('\n', from)
    covered += utf8Length(text.slice(from, nl + 1))
    from = nl + 1
    if (covered >= bytes) return from
  }
}
