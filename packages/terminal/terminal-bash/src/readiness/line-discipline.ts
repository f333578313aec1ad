// @dsh-pure
import { utf8Length } from '../output/utf8'
import type { Termios } from './termios'

/** What the terminal's line discipline makes of one write. */
export interface InputEffect {
  /** UTF-8 bytes the foreground can read (complete lines in canonical mode). */
  readonly readable: number
  /** Characters that raised a signal (INTR, QUIT, SUSP) instead of being read. */
  readonly signals: number
  /** Text left in the canonical line buffer without a line end: not readable until one follows. */
  readonly pendingLine: string
  /** Lines completed (by a line end or EOF): each is at least one read, even an empty one. */
  readonly completed: number
}

const isWordChar = (c: string) => /^[\p{L}\p{N}_]$/u.test(c)

/**
 * Apply the line discipline to `text` as Linux n_tty does: signal characters raise their
 * signal (and flush the queue unless NOFLSH), START/STOP are flow control, CR/LF are
 * mapped, and in canonical mode ERASE/KILL/WERASE edit the current line, LNEXT quotes the
 * next character and a line is readable once a line end (or EOF) completes it.
 */
export function applyLineDiscipline(text: string, t: Termios): InputEffect {
  const { cc } = t
  let readable = 0
  let signals = 0
  let completed = 0
  let line: string[] = []
  let quoted = false
  for (let c of text) {
    const code = c.codePointAt(0)!
    if (quoted) {
      quoted = false
      line.push(c)
      continue
    }
    if (t.isig && (code === cc.intr || code === cc.quit || code === cc.susp)) {
      signals++
      if (!t.noflsh) {
        readable = 0
        completed = 0
        line = []
      }
      continue
    }
    if (t.ixon && (code === cc.start || code === cc.stop)) continue
    if (c === '\r') {
      if (t.igncr) continue
      if (t.icrnl) c = '\n'
    } else if (c === '\n' && t.inlcr) c = '\r'
    if (!t.icanon) {
      readable += utf8Length(c)
      completed = 1
      continue
    }
    const editCode = c.codePointAt(0)!
    if (editCode === cc.erase) line.pop()
    else if (editCode === cc.kill) line = []
    else if (t.iexten && editCode === cc.werase) line = eraseWord(line)
    else if (t.iexten && editCode === cc.lnext) quoted = true
    else if (editCode === cc.eof) {
      readable += utf8Length(line.join(''))
      completed++
      line = []
    } else {
      line.push(c)
      if (c === '\n' || editCode === cc.eol || (t.iexten && editCode === cc.eol2)) {
        readable += utf8Length(line.join(''))
        completed++
        line = []
      }
    }
  }
  return { readable, signals, pendingLine: line.join(''), completed }
}

/** WERASE as Linux does it (BSD ALTWERASE): back over non-word characters, then over the word. */
function eraseWord(line: string[]): string[] {
  let end = line.length
  let seenWord = false
  while (end > 0) {
    const c = line[end - 1]!
    if (isWordChar(c)) seenWord = true
    else if (seenWord) break
    end--
  }
  return line.slice(0, end)
}
