// @dsh-pure
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
}

/**
 * When one line alone exceeds the byte bound its head is cut down to this share of the
 * bound, so an endless line without newlines is not rescanned on every chunk.
 */
const LONG_LINE_KEEP_RATIO = 0.75

/**
 * Retained session output as lines, bounded by line count and by UTF-8 bytes (one huge
 * line cannot bypass the byte bound). Reads page backwards from the newest line.
 */
export class Scrollback {
  private lines: string[] = ['']
  private sizes: number[] = [0]
  private head = 0
  /** UTF-8 bytes of the retained lines plus one newline between each pair. */
  private bytes = 0
  /** True once anything was dropped; every later read reports truncation. */
  dropped = false

  constructor(private readonly limits: ScrollbackLimits) {}

  get totalLines(): number {
    return this.lines.length - this.head
  }

  append(text: string): void {
    if (text.length === 0) return
    const parts = text.split('\n')
    const last = this.lines.length - 1
    const first = parts[0]!
    const firstSize = utf8Length(first)
    this.lines[last] += first
    this.sizes[last]! += firstSize
    this.bytes += firstSize
    for (let i = 1; i < parts.length; i++) {
      const size = utf8Length(parts[i]!)
      this.lines.push(parts[i]!)
      this.sizes.push(size)
      this.bytes += size + 1
    }
    this.trim()
  }

  /** A page of `count` lines ending `offset` lines back from the newest line. */
  read(offset: number, count: number | undefined): ScrollbackPage {
    const total = this.totalLines
    const end = Math.max(0, total - offset)
    const want = count === undefined ? end : Math.min(count, end)
    let begin = end - want
    const abs = (i: number) => this.head + i
    // keep the newest lines of the page within the byte bound
    let bytes = 0
    let cut = false
    let firstText: string | undefined
    for (let i = end - 1; i >= begin; i--) {
      const size = this.sizes[abs(i)]! + (i < end - 1 ? 1 : 0)
      if (bytes + size <= this.limits.maxReadBytes) {
        bytes += size
        continue
      }
      cut = true
      if (i === end - 1) {
        // the newest line alone is too big: keep its tail
        firstText = utf8Tail(this.lines[abs(i)]!, this.limits.maxReadBytes).text
        begin = i
      } else begin = i + 1
      break
    }
    const page = this.lines.slice(abs(begin), abs(end))
    if (firstText !== undefined) page[0] = firstText
    return {
      text: page.join('\n'),
      totalLines: total,
      lineBegin: offset,
      lineEnd: offset + page.length,
      truncated: this.dropped || cut,
    }
  }

  private trim(): void {
    const { maxLines, maxBytes } = this.limits
    while (this.totalLines > 1 && (this.totalLines > maxLines || this.bytes > maxBytes)) {
      this.dropped = true
      this.bytes -= this.sizes[this.head]! + 1
      this.lines[this.head] = ''
      this.head++
    }
    if (this.bytes > maxBytes) {
      this.dropped = true
      const keep = Math.floor(maxBytes * LONG_LINE_KEEP_RATIO)
      const cut = utf8Tail(this.lines[this.head]!, keep)
      this.lines[this.head] = cut.text
      this.sizes[this.head]! -= cut.dropped
      this.bytes -= cut.dropped
    }
    if (this.head > 1024 && this.head * 2 > this.lines.length) {
      this.lines = this.lines.slice(this.head)
      this.sizes = this.sizes.slice(this.head)
      this.head = 0
    }
  }
}
