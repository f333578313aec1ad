// @dsh-pure
import type { TerminalSendForeground, TerminalSendNoteValue } from '../schemas/results'

/** The model text of one note: what the viewport cannot show, and what to do about it. */
export function noteText(note: TerminalSendNoteValue): string {
  switch (note.kind) {
    case 'continuation':
      return '[note: the shell waits for the rest of the command (continuation prompt); send the rest, or "\\u0003" with submit=false to cancel it]'
    case 'pending-input': {
      const what = note.text === '' ? 'input' : JSON.stringify(note.text)
      return `[note: ${what} is typed on the shell's command line but not submitted; it prefixes your next command (send "\\u0015" with submit=false to clear it)]`
    }
    case 'line-buffered':
      return `[note: ${JSON.stringify(note.text)} waits in the terminal's line buffer: the program reads it only once a line end follows (submit=true)]`
    case 'unread-input':
      return '[note: the foreground program has not read this input; it stays queued and goes to whichever program reads the terminal next (the shell, once this program exits)]'
    case 'input-cut':
      return `[note: only ${note.writtenBytes} of ${note.totalBytes} bytes were written: the program stopped reading them; the rest was not sent]`
    case 'input-held':
      return '[note: nothing was written: the foreground program was exiting and no program was ready to read the input yet; send it again]'
  }
}

/** `[exit: N]` when the shell reported a non-zero status, then one line per note. */
export function sendFactLines(result: Pick<TerminalSendForeground, 'exitCode' | 'notes'>): string[] {
  const lines: string[] = []
  if (result.exitCode !== undefined && result.exitCode !== 0) lines.push(`[exit: ${result.exitCode}]`)
  for (const note of result.notes ?? []) lines.push(noteText(note))
  return lines
}
