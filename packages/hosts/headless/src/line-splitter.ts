// @dsh-pure
/**
 * Splits decoded text chunks into lines, bounded: a line longer than `maxLineLength`
 * is dropped (reported once as an overlong line) instead of growing the buffer.
 */

/** Longest accepted request line, in UTF-16 units (4 Mi: room for large tool arguments). */
export const MAX_LINE_LENGTH = 4 * 1024 * 1024

/**
 * How much of an overlong line is kept to read its request id from: room for an id after
 * the other short fields (agent, tool: 256 characters each at most).
 */
export const OVERLONG_HEAD_LENGTH = 4096

export type SplitItem =
  | { readonly kind: 'line'; readonly text: string }
  | { readonly kind: 'overlong'; readonly length: number; readonly head: string }

export class LineSplitter {
  private pending = ''
  /** Length of the overlong line being skipped, or -1 when not skipping. */
  private skipped = -1
  /** The start of the overlong line being skipped. */
  private head = ''

  constructor(private readonly maxLineLength = MAX_LINE_LENGTH) {}

  /** Feed one chunk; returns the complete lines it finished (blank lines are left out). */
  push(chunk: string): SplitItem[] {
    const items: SplitItem[] = []
    let start = 0
    for (;;) {
      const nl = chunk.indexOf('\n', start)
      const piece = nl === -1 ? chunk.slice(start) : chunk.slice(start, nl)
      if (this.skipped >= 0) this.skipped += piece.length
      else if (this.pending.length + piece.length > this.maxLineLength) {
        this.skipped = this.pending.length + piece.length
        this.head = (this.pending + piece.slice(0, OVERLONG_HEAD_LENGTH)).slice(0, OVERLONG_HEAD_LENGTH)
        this.pending = ''
      } else this.pending += piece
      if (nl === -1) return items
      this.finish(items)
      start = nl + 1
    }
  }

  /** End of input: the last line, if it had no newline. */
  end(): SplitItem[] {
    const items: SplitItem[] = []
    this.finish(items)
    return items
  }

  private finish(items: SplitItem[]): void {
    if (this.skipped >= 0) items.push({ kind: 'overlong', length: this.skipped, head: this.head })
    else {
      const text = this.pending.endsWith('\r') ? this.pending.slice(0, -1) : this.pending
      if (text.trim().length > 0) items.push({ kind: 'line', text })
    }
    this.pending = ''
    this.skipped = -1
    this.head = ''
  }
}
