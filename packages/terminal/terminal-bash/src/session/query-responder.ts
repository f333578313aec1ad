import xterm from '@xterm/headless'
import type { ScreenState } from '../output/screen-snapshot'
import { QueryFeed } from './query-feed'

const { Terminal } = xterm

/**
 * The emulator parses in timed slices but checks the time only between writes: a write is
 * handed over in parts of at most this many characters, so one costly part (a flood of
 * screen clears) cannot hold the event loop for long. xterm keeps a surrogate half that
 * ends a part for the next one.
 */
export const EMULATOR_WRITE_CHARS = 4096

/**
 * A headless terminal emulator fed the raw stream so terminal queries get answers (cursor
 * position reports, device attributes, ...; its replies go back into the PTY), and so the
 * alternate screen of a full-screen program can be shown as it looks. It keeps no
 * scrollback; the normal screen the model sees is the line renderer's. What it parses is
 * bounded by a QueryFeed: a flood of plain text is not parsed in full, except while a
 * program is on the alternate screen (then its screen must be exact).
 */
export class QueryResponder {
  private readonly term: InstanceType<typeof Terminal>
  private readonly feed: QueryFeed
  private disposed = false

  constructor(cols: number, rows: number, reply: (data: string) => void) {
    // logLevel off: binary output makes the parser log every malformed sequence to the
    // host's stderr (thousands of `xterm.js: Parsing error` objects); the model never sees them
    this.term = new Terminal({ cols, rows, scrollback: 0, allowProposedApi: true, logLevel: 'off' })
    this.feed = new QueryFeed(rows)
    this.term.onData((data) => { if (!this.disposed) reply(data) })
    this.term.onBinary((data) => { if (!this.disposed) reply(data) })
  }

  /**
   * `exact`: the alternate screen is (or was, in this chunk) active: parse everything.
   * Returns a promise that settles once the emulator parsed what it was given (it parses
   * in timed slices): the session hands it to the terminal's back-pressure, so a flood of
   * escape sequences waits in the program's write() instead of the emulator's buffer.
   */
  write(raw: string, exact = false): Promise<void> | undefined {
    if (this.disposed) return undefined
    const data = this.feed.push(raw, exact)
    if (data.length === 0) return undefined
    for (let at = 0; at + EMULATOR_WRITE_CHARS < data.length; at += EMULATOR_WRITE_CHARS) {
      this.term.write(data.slice(at, at + EMULATOR_WRITE_CHARS))
    }
    const last = data.slice(Math.floor((data.length - 1) / EMULATOR_WRITE_CHARS) * EMULATOR_WRITE_CHARS)
    return new Promise((resolve) => this.term.write(last, resolve))
  }

  /** The active screen once everything written so far is parsed. */
  async screen(): Promise<ScreenState | undefined> {
    if (this.disposed) return undefined
    await new Promise<void>((resolve) => this.term.write('', resolve))
    if (this.disposed) return undefined
    const buffer = this.term.buffer.active
    const rows: string[] = []
    for (let y = 0; y < this.term.rows; y++) rows.push(buffer.getLine(buffer.viewportY + y)?.translateToString(true) ?? '')
    return {
      alternate: buffer.type === 'alternate',
      rows,
      cols: this.term.cols,
      cursorRow: buffer.cursorY,
      cursorCol: buffer.cursorX,
    }
  }

  dispose(): void {
    if (this.disposed) return
    this.disposed = true
    this.term.dispose()
  }
}
