import xterm from '@xterm/headless'
import { QueryFeed } from './query-feed'

const { Terminal } = xterm

/**
 * A headless terminal emulator fed the raw stream only so terminal queries get answers
 * (cursor position reports, device attributes, ...). Its replies go back into the PTY.
 * It keeps no scrollback and is never an output path: the model sees the sanitizer's text.
 * What it parses is bounded by a QueryFeed: a flood of plain text is not parsed in full.
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

  write(raw: string): void {
    if (this.disposed) return
    const data = this.feed.push(raw)
    if (data.length > 0) this.term.write(data)
  }

  dispose(): void {
    if (this.disposed) return
    this.disposed = true
    this.term.dispose()
  }
}
