import { describe, expect, it } from 'vitest'
import { applyLineDiscipline } from '../src/readiness/line-discipline'
import { parseSttyG, type Termios } from '../src/readiness/termios'

/** `stty -g` of a fresh Linux pty (cooked: ISIG ICANON ECHO IEXTEN, ICRNL IXON). */
const COOKED = '500:5:bf:8a3b:3:1c:7f:15:4:0:1:0:11:13:1a:0:12:f:17:16:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0'
/** readline's mode: ICANON and ECHO off, ISIG kept. */
const READLINE = '500:5:bf:8a31:3:1c:7f:15:4:0:1:0:11:13:1a:0:12:f:17:16:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0'
/** raw: nothing special (ISIG off too). */
const RAW = '0:4:bf:8a30:3:1c:7f:15:4:0:1:0:11:13:1a:0:12:f:17:16:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0'

function termios(g: string): Termios {
  const t = parseSttyG(g)
  if (t === undefined) throw new Error(`unparsed ${g}`)
  return t
}

describe('parseSttyG', () => {
  it('reads the flags and special characters of Linux stty -g', () => {
    const t = termios(COOKED)
    expect(t).toMatchObject({ isig: true, icanon: true, echo: true, iexten: true, ixon: true, icrnl: true, igncr: false, noflsh: false })
    expect(t.cc).toMatchObject({ intr: 3, quit: 0x1c, erase: 0x7f, kill: 0x15, eof: 4, susp: 0x1a, werase: 0x17, lnext: 0x16, start: 0x11, stop: 0x13 })
    expect(termios(READLINE)).toMatchObject({ isig: true, icanon: false, echo: false })
  })

  it('anything else is unknown', () => {
    expect(parseSttyG('gfmt1:cflag=4b00:iflag=6b02:lflag=200005cb:oflag=3')).toBeUndefined()
    expect(parseSttyG('500:5:bf')).toBeUndefined()
    expect(parseSttyG('')).toBeUndefined()
  })
})

describe('applyLineDiscipline', () => {
  it('a signal character is never read, and flushes what came before it', () => {
    expect(applyLineDiscipline('\u0003', termios(READLINE))).toEqual({ readable: 0, signals: 1, pendingLine: '', completed: 0 })
    expect(applyLineDiscipline('abc\u0003', termios(READLINE))).toEqual({ readable: 0, signals: 1, pendingLine: '', completed: 0 })
    expect(applyLineDiscipline('abc\u0003de', termios(READLINE))).toEqual({ readable: 2, signals: 1, pendingLine: '', completed: 1 })
    // without ISIG it is an ordinary byte
    expect(applyLineDiscipline('\u0003', termios(RAW))).toEqual({ readable: 1, signals: 0, pendingLine: '', completed: 1 })
  })

  it('canonical editing: erase, kill and werase shape the line the program reads', () => {
    const t = termios(COOKED)
    expect(applyLineDiscipline('ab\u007fc\r', t)).toEqual({ readable: 3, signals: 0, pendingLine: '', completed: 1 }) // "ac\n"
    expect(applyLineDiscipline('junk\u0015ok\r', t)).toEqual({ readable: 3, signals: 0, pendingLine: '', completed: 1 }) // "ok\n"
    expect(applyLineDiscipline('one two\u0017three\r', t)).toEqual({ readable: 10, signals: 0, pendingLine: '', completed: 1 }) // "one three\n"
    expect(applyLineDiscipline('x\u0016\u007f\r', t)).toEqual({ readable: 3, signals: 0, pendingLine: '', completed: 1 }) // LNEXT quotes DEL
    expect(applyLineDiscipline('partial', t)).toEqual({ readable: 0, signals: 0, pendingLine: 'partial', completed: 0 })
    expect(applyLineDiscipline('é\u007f\r', t).readable).toBe(1) // erase takes the whole character
    expect(applyLineDiscipline('line\u0004', t)).toEqual({ readable: 4, signals: 0, pendingLine: '', completed: 1 })
    expect(applyLineDiscipline('\u0004', t)).toEqual({ readable: 0, signals: 0, pendingLine: '', completed: 1 }) // an empty read: EOF // EOF is not stored
  })

  it('non-canonical input is read byte for byte; flow control characters never are', () => {
    expect(applyLineDiscipline('ab\u007fc\r', termios(READLINE))).toEqual({ readable: 5, signals: 0, pendingLine: '', completed: 1 })
    expect(applyLineDiscipline('a\u0013b\u0011', termios(READLINE))).toEqual({ readable: 2, signals: 0, pendingLine: '', completed: 1 })
    expect(applyLineDiscipline('a\u0013b', termios(RAW))).toEqual({ readable: 3, signals: 0, pendingLine: '', completed: 1 })
  })
})
