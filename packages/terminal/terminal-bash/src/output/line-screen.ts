// @dsh-pure
import { pairsWhole, unseen } from './line-text'
import { newlineFromEnd, newlinesBefore } from './newlines'

/** Where lines go once they leave the live region (they can no longer change). */
export interface LineSink {
  /**
   * `full` is what scrollback keeps (whole lines ended by a newline, or the head of an
   * overlong line); `fresh` is the part not delivered yet; `line` is the document line of
   * `fresh`'s first character; `newlines` counts the newlines in `full`.
   */
  commit(full: string, fresh: string, line: number, newlines: number): void
  /** Something was committed since the last take(): a continuation cannot follow it. */
  readonly started: boolean
}

export interface ScreenGeometry {
  readonly cols: number
  /** Visible rows: the newest this many live lines are on the screen (cursor-up and CUP reach them). */
  readonly rows: number
  /** Lines that scrolled off that may stay live until committed together (default COMMIT_BATCH_LINES). */
  readonly commitBatch?: number
}

/**
 * A live line longer than this many rows has its head committed (whole rows), so a line
 * that never ends stays bounded; carriage returns only reach the cursor's row anyway.
 */
export const LIVE_LINE_MAX_ROWS = 64

/**
 * Lines that scrolled off the screen may stay live this many at a time before they are
 * committed together: committing each line as it scrolls off costs one sink call per line
 * (a flood of short lines between escape sequences), batching one per this many. Only the
 * newest `rows` lines are on the screen; the cursor never moves above them.
 */
export const COMMIT_BATCH_LINES = 64

/**
 * The normal screen as logical lines: the newest `rows` lines stay live (a carriage
 * return, backspace, in-line cursor movement and erase rewrite them as a terminal would;
 * cursor-up and CUP reach any of them), older lines are committed to the sink. Each live
 * line remembers what of it was delivered, so `take()` returns exactly what changed since:
 * the unseen suffix of a line that only grew, or the whole line when it was redrawn.
 *
 * Columns count UTF-16 units and a tab is one column (wide characters are not modelled).
 * Wrapping only matters for where a carriage return lands: on the cursor's visual row.
 */
export class LineScreen {
  private lines: string[] = ['']
  /** What of each live line was delivered (with its newline once that was), or undefined. */
  private marks: Array<string | undefined> = [undefined]
  private row = 0
  private col = 0
  /** The last write ended exactly on a row's end: the cursor still belongs to that row. */
  private wrapPending = false
  /** Document line of lines[0]. */
  private first = 0
  private saved: { line: number; col: number } | undefined

  private readonly batch: number

  constructor(private readonly geometry: ScreenGeometry, private readonly sink: LineSink) {
    this.batch = geometry.commitBatch ?? COMMIT_BATCH_LINES
  }

  /** Document line of the oldest live line (committed text ends just before it). */
  get firstLine(): number {
    return this.first
  }

  /** Document line of the newest live line. */
  get newestLine(): number {
    return this.first + this.lines.length - 1
  }

  get liveLines(): readonly string[] {
    return this.lines
  }

  text(s: string): void {
    if (this.row === this.lines.length - 1 && this.col === this.lines[this.row]!.length) this.appendAtEnd(s)
    else {
      let from = 0
      for (let nl = s.indexOf('\n'); nl !== -1; nl = s.indexOf('\n', from)) {
        this.write(s.slice(from, nl))
        this.newline(true)
        from = nl + 1
      }
      this.write(s.slice(from))
    }
    this.boundLine()
  }

  cr(): void {
    this.col = this.rowStart()
    this.wrapPending = false
  }

  bs(): void {
    if (this.col > this.rowStart()) this.col--
    this.wrapPending = false
  }

  esc(final: string): void {
    if (final === '7') this.saved = { line: this.first + this.row, col: this.col }
    else if (final === '8' && this.saved) this.moveTo(this.saved.line - this.first, this.saved.col)
    else if (final === 'M') this.moveTo(this.row - 1, this.col)
    else if (final === 'D') this.newline(false)
    else if (final === 'E') this.newline(true)
    else if (final === 'c') this.clear()
  }

  csi(params: string, final: string): void {
    if (params.length > 0 && (params.charCodeAt(0) < 0x30 || params.charCodeAt(0) > 0x3b)) return // private
    const args = params.split(';').map((p) => Number.parseInt(p, 10) || 0)
    const n = Math.max(1, args[0] ?? 0)
    const { cols } = this.geometry
    switch (final) {
      case 'A': this.moveTo(this.row - n, this.col); break
      case 'B': this.moveTo(this.row + n, this.col); break
      case 'C': this.moveTo(this.row, Math.min(this.col + n, this.rowStart() + cols - 1)); break
      case 'D': this.moveTo(this.row, Math.max(this.rowStart(), this.col - n)); break
      case 'E': this.moveTo(this.row + n, 0); break
      case 'F': this.moveTo(this.row - n, 0); break
      case 'G': case '`': this.moveTo(this.row, this.rowStart() + Math.min(n, cols) - 1); break
      case 'H': case 'f': this.moveTo(this.screenTop() + n - 1, Math.min(Math.max(1, args[1] ?? 0), cols) - 1); break
      case 'd': this.moveTo(this.screenTop() + n - 1, this.col); break
      case 'K': this.eraseInLine(args[0] ?? 0); break
      case 'J': this.eraseInDisplay(args[0] ?? 0); break
      case 'X': this.replace(this.col, this.col + n, true); break
      case 'P': this.edit((line) => line.slice(0, this.col) + line.slice(this.col + n)); break
      case '@': this.edit((line) => line.length <= this.col ? line : line.slice(0, this.col) + ' '.repeat(n) + line.slice(this.col)); break
    }
  }

  /**
   * The live text not delivered yet, marking it delivered. `continuation` says the previous
   * delivery ended where this one starts (nothing was committed in between), so a line that
   * only grew shows only its new end; otherwise a changed line shows whole.
   */
  take(): { text: string; line: number } {
    let text = ''
    let line = -1
    let continuation = !this.sink.started
    const last = this.lines.length - 1
    for (let i = 0; i <= last; i++) {
      const full = pairsWhole(i < last ? `${this.lines[i]}\n` : this.lines[i]!)
      const part = unseen(full, this.marks[i], continuation)
      this.marks[i] = part === undefined ? this.marks[i] : full
      if (!part) continue
      if (line < 0) line = this.first + i
      text += part
      continuation = false
    }
    return { text, line: line < 0 ? this.newestLine : line }
  }

  /** Commit the oldest `n` live lines, each with its newline, then `bulk` (whole lines). */
  private commitLines(n: number, bulk = ''): void {
    let full = ''
    let fresh = ''
    let line = -1
    let continuation = !this.sink.started
    for (let i = 0; i < n; i++) {
      const whole = pairsWhole(`${this.lines[i]}\n`)
      full += whole
      const part = unseen(whole, this.marks[i], continuation)
      if (!part) continue
      if (line < 0) line = this.first + i
      fresh += part
      continuation = false
    }
    if (bulk.length > 0 && line < 0) line = this.first + n
    const newlines = n + (bulk.length > 0 ? newlinesBefore(bulk) : 0)
    this.lines.splice(0, n)
    this.marks.splice(0, n)
    this.first += newlines
    this.row -= n
    this.sink.commit(full + bulk, fresh + bulk, line < 0 ? this.first : line, newlines)
  }

  /** The common case: text at the end of the last line. Only the newest `rows` lines are split. */
  private appendAtEnd(s: string): void {
    const nl = s.indexOf('\n')
    const last = this.lines.length - 1
    if (nl === -1) {
      this.lines[last] += s
      this.col += s.length
      this.wrapPending = this.col > 0 && this.col % this.geometry.cols === 0
      return
    }
    const { rows } = this.geometry
    const cut = s.length >= rows ? newlineFromEnd(s, rows) : -1
    this.lines[last] += s.slice(0, nl)
    if (cut !== -1) {
      // every live line and the text up to `cut` leave at once; the rest is the new region
      this.commitLines(this.lines.length, s.slice(nl + 1, cut + 1))
      this.lines = s.slice(cut + 1).split('\n')
      this.marks = this.lines.map(() => undefined)
    } else {
      const parts = s.slice(nl + 1).split('\n')
      for (const part of parts) {
        this.lines.push(part)
        this.marks.push(undefined)
      }
      if (this.lines.length > rows + this.batch) this.commitLines(this.lines.length - rows)
    }
    this.row = this.lines.length - 1
    this.col = this.lines[this.row]!.length
    this.wrapPending = this.col > 0 && this.col % this.geometry.cols === 0
  }

  /** Overwrite at the cursor (no newline in `s`). */
  private write(s: string): void {
    if (s.length === 0) return
    const line = this.lines[this.row]!
    const padded = this.col > line.length ? line + ' '.repeat(this.col - line.length) : line
    this.lines[this.row] = pairsWhole(padded.slice(0, this.col) + s + padded.slice(this.col + s.length))
    this.col += s.length
    this.wrapPending = this.col % this.geometry.cols === 0
  }

  /** Line feed (with a carriage return when `cr`): a new line below the last one scrolls. */
  private newline(cr: boolean): void {
    const col = cr ? 0 : this.col
    if (this.row === this.lines.length - 1) {
      this.lines.push('')
      this.marks.push(undefined)
      if (this.lines.length > this.geometry.rows + this.batch) this.commitLines(this.lines.length - this.geometry.rows)
    }
    this.row++
    this.col = col
    this.wrapPending = false
  }

  private moveTo(row: number, col: number): void {
    const top = this.screenTop()
    const target = Math.max(top, Math.min(row, top + this.geometry.rows - 1))
    while (this.lines.length <= target) {
      this.lines.push('')
      this.marks.push(undefined)
    }
    this.row = target
    this.col = Math.max(0, col)
    this.wrapPending = false
  }

  /** The live line shown on the screen's first row (the newest `rows` live lines are on the screen). */
  private screenTop(): number {
    return Math.max(0, this.lines.length - this.geometry.rows)
  }

  /** Start of the cursor's visual row within its logical line. */
  private rowStart(): number {
    const { cols } = this.geometry
    const r = this.col % cols
    return r === 0 && this.wrapPending && this.col > 0 ? this.col - cols : this.col - r
  }

  private eraseInLine(mode: number): void {
    const start = this.rowStart()
    const end = start + this.geometry.cols
    if (mode === 0) this.replace(this.col, end, true)
    else if (mode === 1) this.replace(start, this.col + 1, false)
    else if (mode === 2) this.replace(start, end, true)
  }

  /** Blank `[from, to)` of the cursor's line; a blank reaching the end shortens the line instead. */
  private replace(from: number, to: number, mayShorten: boolean): void {
    this.edit((line) => {
      if (from >= line.length) return line
      if (mayShorten && to >= line.length) return line.slice(0, from)
      const end = Math.min(to, line.length)
      return line.slice(0, from) + ' '.repeat(end - from) + line.slice(end)
    })
  }

  private edit(change: (line: string) => string): void {
    this.lines[this.row] = pairsWhole(change(this.lines[this.row]!))
    this.wrapPending = false
  }

  private eraseInDisplay(mode: number): void {
    if (mode === 0) {
      this.replace(this.col, Number.MAX_SAFE_INTEGER, true)
      this.lines.length = this.row + 1
      this.marks.length = this.row + 1
      return
    }
    if (mode === 1) this.replace(0, this.col + 1, false)
    else this.clear()
  }

  /** The screen was cleared: what it showed stays in the transcript; the cursor keeps its column. */
  private clear(): void {
    // empty lines at the bottom were never shown as lines: they do not become ones
    let keep = this.lines.length
    while (keep > 0 && this.lines[keep - 1] === '') keep--
    if (keep === 0) return
    this.commitLines(keep)
    this.lines = ['']
    this.marks = [undefined]
    this.row = 0
    this.wrapPending = false
  }

  /** An overlong line commits its head (whole rows before the cursor's row). */
  private boundLine(): void {
    const { cols } = this.geometry
    const line = this.lines[this.row]!
    if (line.length <= cols * LIVE_LINE_MAX_ROWS) return
    const n = this.rowStart()
    if (n <= 0) return
    if (this.row > 0) this.commitLines(this.row)
    const head = pairsWhole(line.slice(0, n))
    const mark = this.marks[0]
    const continuation = !this.sink.started
    let fresh = head
    let rest = ''
    if (mark !== undefined && continuation && line.startsWith(mark.endsWith('\n') ? mark.slice(0, -1) : mark)) {
      fresh = head.slice(Math.min(mark.length, n))
      rest = mark.length > n ? mark.slice(n) : ''
    }
    this.lines[0] = line.slice(n)
    this.marks[0] = rest
    this.col -= n
    this.sink.commit(head, fresh, this.first, 0)
  }
}
