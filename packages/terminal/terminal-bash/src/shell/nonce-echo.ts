// @dsh-pure
/**
 * Removes the terminal's echo of the nonce handover from the start of the raw stream.
 * The nonce reaches the shell as its first input line (never through the environment, where
 * `/proc/<pid>/environ` would keep it for the shell's lifetime); a fresh PTY is in cooked
 * mode, so the terminal echoes that line back once. The echo is taken out before any other
 * reader sees the stream. Only the first occurrence is removed (with the line end after it);
 * a chunk tail that could begin the nonce is held until the next chunk decides. `done`
 * turns true once the echo was removed or `end()` gave up on it (the shell's first prompt).
 */
export class NonceEcho {
  private held = ''
  private eatLineEnd = false
  done = false

  constructor(private readonly nonce: string) {}

  /** The chunk without the echo (possibly holding back a tail that may start the nonce). */
  push(chunk: string): string {
    if (this.done) return chunk
    if (this.eatLineEnd) return this.lineEnd(chunk)
    const text = this.held + chunk
    this.held = ''
    const at = text.indexOf(this.nonce)
    if (at >= 0) {
      this.eatLineEnd = true
      return text.slice(0, at) + this.lineEnd(text.slice(at + this.nonce.length))
    }
    const keep = this.prefixTail(text)
    this.held = text.slice(text.length - keep)
    return text.slice(0, text.length - keep)
  }

  /** Stop looking (the shell is up); returns what was held back. */
  end(): string {
    const rest = this.held
    this.held = ''
    this.done = true
    this.eatLineEnd = false
    return rest
  }

  /** Drop the echoed line end (CR LF, LF or CR) at the start of `text`, possibly split across chunks. */
  private lineEnd(text: string): string {
    if (text === '') return ''
    if (text.startsWith('\r\n') || text.startsWith('\n')) return this.finish(text.slice(text.startsWith('\n') ? 1 : 2))
    if (text === '\r') return '' // the LF may follow in the next chunk
    if (text.startsWith('\r')) return this.finish(text.slice(1))
    return this.finish(text)
  }

  private finish(rest: string): string {
    this.done = true
    this.eatLineEnd = false
    return rest
  }

  /** Length of the longest tail of `text` that is a proper prefix of the nonce. */
  private prefixTail(text: string): number {
    for (let n = Math.min(this.nonce.length - 1, text.length); n > 0; n--) {
      if (this.nonce.startsWith(text.slice(text.length - n))) return n
    }
    return 0
  }
}
