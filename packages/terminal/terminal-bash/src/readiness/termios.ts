// @dsh-pure
/**
 * The terminal's line-discipline settings that decide what a program reads of our input:
 * whether signal characters raise signals (ISIG), whether input is edited into lines
 * (ICANON), CR/LF mapping, flow control and the special characters.
 */
export interface Termios {
  /** INTR, QUIT and SUSP raise signals instead of being read. */
  readonly isig: boolean
  /** Canonical mode: input is read line by line, edited with ERASE/KILL/WERASE first. */
  readonly icanon: boolean
  /** The terminal echoes input (the program did not turn echo off). */
  readonly echo: boolean
  /** A signal character does not flush the input queue. */
  readonly noflsh: boolean
  /** Extended processing: WERASE and LNEXT in canonical mode. */
  readonly iexten: boolean
  /** START/STOP characters are flow control, never read. */
  readonly ixon: boolean
  readonly icrnl: boolean
  readonly igncr: boolean
  readonly inlcr: boolean
  /** Erase works on whole UTF-8 characters. */
  readonly iutf8: boolean
  /** Special characters (char codes; undefined when disabled). */
  readonly cc: Readonly<Record<SpecialChar, number | undefined>>
}

export type SpecialChar = 'intr' | 'quit' | 'susp' | 'erase' | 'kill' | 'werase' | 'eof' | 'eol' | 'eol2' | 'lnext' | 'start' | 'stop'

/** Linux c_cc indexes (asm-generic/termbits.h). */
const LINUX_CC: Readonly<Record<SpecialChar, number>> = {
  intr: 0, quit: 1, erase: 2, kill: 3, eof: 4, start: 8, stop: 9, susp: 10, eol: 11, werase: 14, lnext: 15, eol2: 16,
}

/** Linux flag bits (asm-generic/termbits.h), octal as the header writes them. */
const LFLAG = { ISIG: 0o1, ICANON: 0o2, ECHO: 0o10, NOFLSH: 0o200, IEXTEN: 0o100000 }
const IFLAG = { INLCR: 0o100, IGNCR: 0o200, ICRNL: 0o400, IXON: 0o2000, IUTF8: 0o40000 }

/** _POSIX_VDISABLE on Linux: a special character set to 0 is disabled. */
const VDISABLE = 0

/**
 * Parse Linux `stty -g` output: `iflag:oflag:cflag:lflag:cc0:cc1:...` in hex. Undefined for
 * anything else (another platform's format, a truncated line).
 */
export function parseSttyG(text: string): Termios | undefined {
  const fields = text.trim().split(':')
  if (fields.length < 4 + 17 || !fields.every((f) => /^[0-9a-f]+$/i.test(f))) return undefined
  const [iflag, , , lflag] = fields.slice(0, 4).map((f) => Number.parseInt(f, 16)) as [number, number, number, number]
  const ccValues = fields.slice(4).map((f) => Number.parseInt(f, 16))
  const cc = {} as Record<SpecialChar, number | undefined>
  for (const [name, index] of Object.entries(LINUX_CC) as [SpecialChar, number][]) {
    const value = ccValues[index]
    cc[name] = value === undefined || value === VDISABLE ? undefined : value
  }
  return {
    isig: (lflag & LFLAG.ISIG) !== 0,
    icanon: (lflag & LFLAG.ICANON) !== 0,
    echo: (lflag & LFLAG.ECHO) !== 0,
    noflsh: (lflag & LFLAG.NOFLSH) !== 0,
    iexten: (lflag & LFLAG.IEXTEN) !== 0,
    ixon: (iflag & IFLAG.IXON) !== 0,
    icrnl: (iflag & IFLAG.ICRNL) !== 0,
    igncr: (iflag & IFLAG.IGNCR) !== 0,
    inlcr: (iflag & IFLAG.INLCR) !== 0,
    iutf8: (iflag & IFLAG.IUTF8) !== 0,
    cc,
  }
}
