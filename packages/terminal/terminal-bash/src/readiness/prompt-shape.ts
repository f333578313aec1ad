// @dsh-pure
/** The most characters of the current output line kept (a prompt is short). */
export const MAX_LINE_CHARS = 256

/** A prompt is a short line: past this it is output that happens to end in `:` or `>`. */
const MAX_PROMPT_CHARS = 80

/**
 * Ends like an interactive prompt: `dsh> `, `>>> `, `... `, `> `, `(gdb) `, `(Pdb) `,
 * `sqlite> `, `In [2]: `, `irb(main):001> `, `Password: `, `[y/N] `, `$ `, `# `, `% `.
 * A closing bracket counts only with the space after it (echoed code ends in `)` too).
 */
const PROMPT_END = /(?:^|\S)(?:[>$#%:?] ?|[)\]] )$/
const CONTINUATION = /^\.\.\. ?$/

/** Whether `line` (the text after the last line break) looks like a prompt waiting for input. */
export function isPromptShaped(line: string): boolean {
  if (line.length === 0 || line.length > MAX_PROMPT_CHARS) return false
  return PROMPT_END.test(line) || CONTINUATION.test(line)
}

/** The current (last, unterminated) line of the output, bounded, when output last arrived, and the `^C` echoes. */
export class LineTail {
  line = ''
  /** When output last arrived (the caller's clock). */
  at = 0
  /** `^C` shown so far: the echo of a typed interrupt (the terminal's, or readline's). */
  interruptEchoes = 0
  private lastChar = ''

  push(text: string, at = 0): void {
    this.at = at
    if (text === '') return
    this.interruptEchoes += (this.lastChar + text).split('^C').length - 1
    this.lastChar = text.endsWith('^') ? '^' : ''
    const nl = text.lastIndexOf('\n')
    const next = nl >= 0 ? text.slice(nl + 1) : this.line + text
    this.line = next.length > MAX_LINE_CHARS ? next.slice(-MAX_LINE_CHARS) : next
  }
}
