import { describe, expect, it } from 'vitest'
import { TerminalModes } from '../src/readiness/terminal-modes'

describe('TerminalModes', () => {
  it('tracks bracketed paste as bash readline turns it on and off around each line', () => {
    const m = new TerminalModes()
    m.push('\x1b[?2004hdsh> ')
    expect(m.paste).toBe(true)
    m.push('echo y\r\n\x1b[?2004l\ry\r\n')
    expect(m.paste).toBe(false)
    // paste off outside the alternate screen is not a full-screen program leaving
    expect(m.leaving).toBe(false)
  })

  it('vim exiting: paste off on the alternate screen, then the screen left; a prompt clears it', () => {
    const m = new TerminalModes()
    m.push('\x1b[?1006;1000h\x1b[?1002h\x1b[?1049h\x1b[22;0;0t\x1b[?1h\x1b=\x1b[?2004h')
    expect(m).toMatchObject({ alternate: true, paste: true, leaving: false })
    m.push('\x1b[?1006;1000l\x1b[?1002l\x1b[?2004l\x1b[>4;m"v.txt" 2L, 4B written')
    expect(m.leaving).toBe(true)
    m.push('\r\r\n\x1b[?1004l\x1b[?2004l\x1b[?1l\x1b>\x1b[?1049l')
    expect(m).toMatchObject({ alternate: false, leaving: true })
    m.shellPrompted()
    expect(m.leaving).toBe(false)
  })

  it('setting a mode up again ends the leave (vim back from :!cmd)', () => {
    const m = new TerminalModes()
    m.push('\x1b[?1049h\x1b[?2004h')
    m.push('\x1b[?2004l\x1b[?1049l')
    expect(m.leaving).toBe(true)
    m.push('\x1b[?1049h')
    expect(m.leaving).toBe(false)
  })

  it('joins a sequence split across chunks', () => {
    const m = new TerminalModes()
    m.push('text\x1b')
    m.push('[?20')
    m.push('04h more')
    expect(m.paste).toBe(true)
    m.push('\x1b[?2004')
    m.push('l')
    expect(m.paste).toBe(false)
  })
})
