// @dsh-pure
import type { TerminalOutputChunk, TerminalReadResult } from 'dsh-terminal'
import { HeadTail, omissionFor, shrinkDelta } from './head-tail'
import { COMMIT_BATCH_LINES, LineScreen, type LineSink } from './line-screen'
import type { SanitizedPiece } from './sanitizer'
import { Scrollback, type ScrollbackLimits } from './scrollback'

export interface RenderedOutputOptions extends ScrollbackLimits {
  readonly cols: number
  readonly rows: number
}

/**
 * Share of a delta's byte bound kept from its head (the rest keeps its tail): the command
 * and the first lines of its output, then the newest output, which matters most.
 */
export const DELTA_HEAD_SHARE = 0.25

/** `CSI ? <mode> h|l` modes that switch to (h) or from (l) the alternate screen. */
const ALT_SCREEN_MODES = new Set(['?1049', '?1047', '?47'])
/** The shell-integration marker that precedes every prompt: the foreground program is done. */
const PROMPT_MARKER_PREFIX = '133;D;'

/**
 * The session's output as the terminal renders it, with one delivery cursor. Pieces from
 * the tokenizer are rendered into logical lines (a LineScreen); lines that leave its live
 * region go to scrollback and, unless already delivered, to the pending delta. `take()`
 * returns everything rendered since the previous take (pending plus what changed in the
 * live region) and advances the cursor: output that arrives after a send settled is simply
 * part of the next take, so every rendered line is delivered once, in order. A long delta
 * keeps its head and tail and reports the omitted middle with the read that pages it.
 *
 * While a program is on the alternate screen the pieces are not rendered here (the
 * session's emulator holds that screen); the normal screen resumes where it was. A
 * program that clears the normal screen and draws on it (top) is shown the same way, as
 * a screen, until the shell's next prompt marker: then its live lines count as delivered
 * (the snapshot showed them) and lines it scrolled off stay in the delta.
 */
export class RenderedOutput implements LineSink {
  readonly scrollback: Scrollback
  private readonly screen: LineScreen
  private readonly pending: HeadTail
  private pendingLine = -1
  started = false
  /** A program is on the alternate screen. */
  alternate = false
  /** A program cleared the normal screen and draws on it (until the next prompt marker). */
  drawn = false

  constructor(private readonly options: RenderedOutputOptions) {
    this.scrollback = new Scrollback(options)
    // the live region never holds more lines than scrollback may retain
    const rows = Math.min(options.rows, options.maxLines)
    this.screen = new LineScreen({ cols: options.cols, rows, commitBatch: Math.min(COMMIT_BATCH_LINES, options.maxLines - rows) }, this)
    this.pending = this.newPending()
  }

  /** A screen (not the transcript) is what the terminal shows now. */
  get screenShown(): boolean {
    return this.alternate || this.drawn
  }

  /** Render pieces; returns true when a screen was shown at any point (the emulator must be exact). */
  feed(pieces: readonly SanitizedPiece[]): boolean {
    let shown = this.screenShown
    for (const piece of pieces) {
      if (piece.kind === 'csi' && (piece.final === 'h' || piece.final === 'l') && ALT_SCREEN_MODES.has(piece.params)) {
        this.alternate = piece.final === 'h'
        shown ||= this.alternate
        continue
      }
      if (piece.kind === 'osc' && piece.payload.startsWith(PROMPT_MARKER_PREFIX)) this.drawn = false
      if (this.alternate) continue
      if (piece.kind === 'csi' && piece.final === 'J' && (piece.params === '2' || piece.params === '3')) {
        this.drawn = true
        shown = true
      }
      switch (piece.kind) {
        case 'text': this.screen.text(piece.text); break
        case 'cr': this.screen.cr(); break
        case 'bs': this.screen.bs(); break
        case 'csi': this.screen.csi(piece.params, piece.final); break
        case 'esc': this.screen.esc(piece.final); break
        case 'osc': break
      }
    }
    return shown
  }

  commit(full: string, fresh: string, line: number, newlines: number): void {
    this.scrollback.append(full, newlines)
    if (fresh.length === 0) return
    if (this.pendingLine < 0) this.pendingLine = line
    this.pending.append(fresh, line)
    this.started = true
  }

  /**
   * Everything rendered since the previous take, within `maxBytes`; advances the delivery
   * cursor. `liveShownAsScreen`: a snapshot of the drawn screen stands for the live lines.
   */
  take(maxBytes: number = this.options.maxReadBytes, liveShownAsScreen = false): TerminalOutputChunk {
    const live = this.screen.take()
    const liveShown = live.text.length > 0 && !liveShownAsScreen
    if (liveShown) {
      if (this.pendingLine < 0) this.pendingLine = live.line
      this.pending.append(live.text, live.line)
    }
    const firstLine = this.pendingLine
    const endLine = liveShown ? this.screen.newestLine : this.screen.firstLine
    const delta = shrinkDelta(this.pending.take(endLine), Math.max(0, Math.min(maxBytes, this.options.maxReadBytes)), firstLine)
    this.started = false
    this.pendingLine = -1
    if (!delta.omission) return { text: delta.text, truncated: false }
    const retained = this.scrollback.totalWith(this.screen.liveLines)
    return { text: delta.text, truncated: true, omission: omissionFor(delta.omission, this.screen.newestLine, retained) }
  }

  /** A page of scrollback, the live lines included. */
  read(offset: number, count: number | undefined): TerminalReadResult {
    return this.scrollback.read(offset, count, this.screen.liveLines)
  }

  private newPending(): HeadTail {
    const { maxReadBytes } = this.options
    const head = Math.floor(maxReadBytes * DELTA_HEAD_SHARE)
    return new HeadTail(head, maxReadBytes - head)
  }
}
