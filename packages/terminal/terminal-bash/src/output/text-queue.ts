// @dsh-pure
import { utf8Length, utf8Tail } from './utf8'

/**
 * Text kept as a queue of chunks, bounded by UTF-8 bytes: appending past the bound drops
 * the oldest text (never splitting a code point) and remembers that it did.
 */
export class TextQueue {
  private chunks: string[] = []
  private sizes: number[] = []
  private head = 0
  private bytes = 0
  /** True once any text was dropped to stay within the bound. */
  dropped = false

  constructor(private readonly maxBytes: number) {}

  get byteLength(): number {
    return this.bytes
  }

  append(text: string): void {
    if (text.length === 0) return
    const size = utf8Length(text)
    this.chunks.push(text)
    this.sizes.push(size)
    this.bytes += size
    this.trim()
  }

  /** Remove and return everything queued. */
  drain(): string {
    const text = this.chunks.slice(this.head).join('')
    this.chunks = []
    this.sizes = []
    this.head = 0
    this.bytes = 0
    return text
  }

  private trim(): void {
    while (this.bytes > this.maxBytes) {
      this.dropped = true
      const size = this.sizes[this.head]!
      const excess = this.bytes - this.maxBytes
      if (size <= excess) {
        this.bytes -= size
        this.chunks[this.head] = ''
        this.head++
        continue
      }
      // cut the head of the oldest chunk just enough
      const cut = utf8Tail(this.chunks[this.head]!, size - excess)
      this.chunks[this.head] = cut.text
      this.sizes[this.head] = size - cut.dropped
      this.bytes -= cut.dropped
    }
    if (this.head > 64 && this.head * 2 > this.chunks.length) {
      this.chunks = this.chunks.slice(this.head)
      this.sizes = this.sizes.slice(this.head)
      this.head = 0
    }
  }
}
