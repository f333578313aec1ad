import xterm from '@xterm/headless'

const { Terminal } = xterm

/**
 * A headless terminal emulator fed the raw stream only so terminal queries get answers
 * (cursor position reports, device attributes, ...). Its replies go back into the PTY.
 * It keeps no scrollback and is never an output path: the model sees the sanitizer's text.
 */
export class QueryResponder {
  private readonly term: InstanceType<typeof Terminal>
  private disposed = false

  constructor(cols: number, rows: number, reply: (data: string) => void) {
    this.term = new Terminal({ cols, rows, scrollback: 0, allowProposedApi: true })
    this.term.onData((data) => { if (!this.disposed) reply(data) })
    this.term.onBinary((data) => { if (!this.disposed) reply(data) })
  }

  write(raw: string): void {
    if (!this.disposed) this.term.write(raw)
  }

  dispose(): void {
    if (this.disposed) return
    this.disposed = true
    this.term.dispose()
  }
}
