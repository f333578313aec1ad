// @dsh-pure
import { truncateUtf8Tail, utf8ByteLength } from 'dsh-tools'

/**
 * Unread job output, bounded to `maxBytes` UTF-8 bytes: when more arrives than fits, the
 * oldest text is dropped (the tail is kept, never splitting a code point) and `dropped` is set
 * until the next take.
 */
export class OutputBuffer {
  private chunks: string[] = []
  private bytes = 0
  private lost = false

  constructor(private readonly maxBytes: number) {}

  append(text: string): void {
    if (text === '') return
    this.chunks.push(text)
    this.bytes += utf8ByteLength(text)
    if (this.bytes > this.maxBytes) {
      const kept = truncateUtf8Tail(this.chunks.join(''), this.maxBytes)
      this.chunks = kept === '' ? [] : [kept]
      this.bytes = utf8ByteLength(kept)
      this.lost = true
    }
  }

  /** The unread output without consuming it. */
  peek(): { output: string; dropped: boolean } {
    return { output: this.chunks.join(''), dropped: this.lost }
  }

  /** The unread output; the buffer is empty afterwards. */
  take(): { output: string; dropped: boolean } {
    const result = this.peek()
    this.chunks = []
    this.bytes = 0
    this.lost = false
    return result
  }
}
