// @dsh-pure
/** The longest private-mode sequence carried across chunks (`ESC [ ? 1006;1000;1002 h` and more). */
const MAX_CARRY = 64

/** `CSI ? Pm h` / `CSI ? Pm l` (DEC private mode set/reset). */
const PRIVATE_MODE = /\x1b\[\?([\d;]*)([hl])/g

const PASTE = 2004
const ALTERNATE = new Set([1049, 1047, 47])

/**
 * Follows the terminal modes a foreground program sets in the raw output stream:
 * bracketed paste (`CSI ?2004h`/`l`) and the alternate screen (`CSI ?1049h`/`l`, 1047,
 * 47). `leaving` marks a full-screen program tearing its terminal down: it left the
 * alternate screen, or turned bracketed paste off while on it (vim does both when it exits,
 * and waits on the terminal in between); it clears once the program sets a mode up again
 * or the shell prints its prompt. Sequences split across chunks are joined (bounded).
 */
export class TerminalModes {
  /** Bracketed paste is on: multi-character text written between paste brackets is inserted literally. */
  paste = false
  /** The alternate screen is active (a full-screen program). */
  alternate = false
  /** A full-screen program is tearing its terminal setup down (exiting, or suspending for a command). */
  leaving = false
  private carry = ''

  push(raw: string): void {
    const text = this.carry === '' ? raw : this.carry + raw
    this.carry = ''
    if (!text.includes('\x1b')) return
    PRIVATE_MODE.lastIndex = 0
    let end = 0
    for (let m = PRIVATE_MODE.exec(text); m !== null; m = PRIVATE_MODE.exec(text)) {
      const set = m[2] === 'h'
      for (const param of m[1]!.split(';')) this.apply(Number(param), set)
      end = PRIVATE_MODE.lastIndex
    }
    // an ESC near the end may start a sequence the next chunk completes
    const tail = text.lastIndexOf('\x1b')
    if (tail >= end && text.length - tail < MAX_CARRY && /^\x1b(\[(\?[\d;]*)?)?$/.test(text.slice(tail))) this.carry = text.slice(tail)
  }

  /** The shell printed its prompt: whatever was leaving is gone. */
  shellPrompted(): void {
    this.leaving = false
  }

  private apply(mode: number, set: boolean): void {
    if (mode === PASTE) {
      if (!set && this.paste && this.alternate) this.leaving = true
      if (set) this.leaving = false
      this.paste = set
    } else if (ALTERNATE.has(mode)) {
      if (!set && this.alternate) this.leaving = true
      if (set) this.leaving = false
      this.alternate = set
    }
  }
}
