// @dsh-pure
/** The most characters of a pending command line kept (and quoted back to the model). */
export const MAX_PENDING_CHARS = 200

/**
 * What sits on the shell's command line without Enter: text sends (`submit: false`) the
 * shell read at its prompt, with readline's emacs-mode edits applied (DEL and ^H delete a
 * character, ^U the line, ^W a whitespace-delimited word). Any shell marker (a new prompt,
 * a command start, a continuation prompt) means the line was submitted or discarded.
 * Other control input (arrows, ESC sequences, completion) cannot be followed: the line is
 * then known to be non-empty but not what it holds.
 */
export class CommandLine {
  private chars: string[] = []
  private exact = true
  private seenMarkers = 0

  /** `markers` counts every shell marker so far; a new one clears the line. */
  sync(markers: number): void {
    if (markers === this.seenMarkers) return
    this.seenMarkers = markers
    this.chars = []
    this.exact = true
  }

  /** The shell read `input` at its prompt (no line end in it). */
  typed(input: string): void {
    for (const c of input) {
      if (c === '\u007f' || c === '\b') this.chars.pop()
      else if (c === '\u0015') this.chars = []
      else if (c === '\u0017') this.chars = eraseWord(this.chars)
      else if (c === '\t' || c < ' ' || c === '\u001b') this.exact = false
      else this.chars.push(c)
    }
    if (this.chars.length > MAX_PENDING_CHARS) this.chars = this.chars.slice(-MAX_PENDING_CHARS)
  }

  /** The pending text ('' when it cannot be told exactly), or undefined when the line is empty. */
  get pending(): string | undefined {
    if (this.exact) return this.chars.length === 0 ? undefined : this.chars.join('')
    return ''
  }
}

/** readline's unix-word-rubout: back over whitespace, then over the word before it. */
function eraseWord(chars: string[]): string[] {
  let end = chars.length
  while (end > 0 && /\s/.test(chars[end - 1]!)) end--
  while (end > 0 && !/\s/.test(chars[end - 1]!)) end--
  return chars.slice(0, end)
}
