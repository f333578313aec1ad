// @dsh-pure
/**
 * Plain text after the last escape sequence introducer that is still parsed in full: a
 * sequence split across chunks (`ESC [` here, `6n` in the next chunk) finishes within
 * it, so skipping later text never leaves the emulator inside a sequence that the skipped
 * text would have ended. Real control sequences are a few characters long.
 */
export const SEQUENCE_SETTLE_CHARS = 4096

/**
 * Most plain text held back while no cut point arrives (text without CR LF line endings:
 * a raw-mode program writing bare LF, a progress bar redrawn with CR, one endless line).
 * Past it the held text is parsed in full, so memory stays bounded and the emulator exact.
 */
export const QUERY_HOLD_MAX_CHARS = 65_536

/**
 * Text without an escape sequence introducer: ESC, or a C1 control (U+0080 to U+009F),
 * which the emulator also reads as an introducer (U+009B is CSI). An anchored full match
 * is the cheapest native scan for the common, plain chunk.
 */
const PLAIN = /^[^\x1b\x80-\x9f]*$/
/** The last introducer and the plain text after it. */
const LAST_INTRODUCER = /[\x1b\x80-\x9f][^\x1b\x80-\x9f]*$/

const CR = 0x0d

/**
 * Decides what of the raw stream the query emulator parses, so a flood of plain text
 * costs it almost nothing. The emulator only answers queries, which always contain an
 * introducer, and of everything plain text changes only the cursor position matters to
 * an answer (the cursor-position report). So:
 * - a chunk containing an introducer is parsed in full, and so is the plain text right
 *   after one (up to SEQUENCE_SETTLE_CHARS);
 * - later plain text is held back and parsed just before the next chunk with an
 *   introducer arrives (nothing is answered in between, so the emulator is as current
 *   as before when a query arrives);
 * - held text is cut at a CR LF once it holds at least `rows` line feeds: the text up to
 *   the cut is replaced by `CR` plus `rows` line feeds.
 *
 * Why the cut keeps the cursor exact: right after CR LF the column is 0. Plain text moves
 * the cursor down (line feeds, wrapped lines) or along its row (CR, BS, HT), never up,
 * so `rows` line feeds from a given position reach the same row (the bottom of the
 * scroll region, or of the screen below it) however much else moved the cursor down on
 * the way: after a flood the cursor is on the bottom row anyway. The replacement starts
 * from the emulator's own state, which is the stream's state where the held text began.
 * Text without CR LF endings never gets a cut and is parsed in full (bounded above).
 */
export class QueryFeed {
  private held: string[] = []
  private heldChars = 0
  /** Line feeds in the held text, counted up to `rows` (enough for a cut). */
  private heldFeeds = 0
  /** Held text was cut: the replacement goes first. */
  private cut = false
  /** Plain characters passed on since the last introducer. */
  private sinceIntroducer = 0
  /** The last character code of the previous chunk (a CR LF may straddle two chunks). */
  private lastCode = -1

  constructor(private readonly rows: number) {}

  /**
   * The raw chunk arrived; returns what the emulator must parse now ('' for nothing).
   * `exact`: the emulator's screen is shown (a program is on the alternate screen), so
   * everything is parsed as it comes.
   */
  push(raw: string, exact = false): string {
    if (raw.length === 0) return ''
    if (exact) {
      this.lastCode = raw.charCodeAt(raw.length - 1)
      this.sinceIntroducer = 0
      return this.release() + raw
    }
    const previous = this.lastCode
    this.lastCode = raw.charCodeAt(raw.length - 1)
    const last = PLAIN.test(raw) ? null : LAST_INTRODUCER.exec(raw)
    if (last !== null) {
      const out = this.release() + raw
      this.sinceIntroducer = raw.length - last.index - 1
      return out
    }
    if (this.heldChars === 0 && !this.cut && this.sinceIntroducer < SEQUENCE_SETTLE_CHARS) {
      this.sinceIntroducer += raw.length
      return raw
    }
    return this.hold(raw, previous)
  }

  private hold(raw: string, previous: number): string {
    this.held.push(raw)
    this.heldChars += raw.length
    let at = raw.indexOf('\n')
    while (at !== -1 && this.heldFeeds < this.rows) {
      this.heldFeeds++
      at = raw.indexOf('\n', at + 1)
    }
    const lf = raw.lastIndexOf('\n')
    const crlf = lf !== -1 && (lf > 0 ? raw.charCodeAt(lf - 1) : previous) === CR
    if (crlf && (this.cut || this.heldFeeds >= this.rows)) {
      this.cut = true
      const rest = raw.slice(lf + 1)
      this.held = rest.length > 0 ? [rest] : []
      this.heldChars = rest.length
      return ''
    }
    return this.heldChars > QUERY_HOLD_MAX_CHARS ? this.release() : ''
  }

  /** What the emulator must parse before the next chunk: the replacement and the held text. */
  private release(): string {
    const text = (this.cut ? `\r${'\n'.repeat(this.rows)}` : '') + this.held.join('')
    this.held = []
    this.heldChars = 0
    this.heldFeeds = 0
    this.cut = false
    return text
  }
}
