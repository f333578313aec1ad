import { describe, expect, it } from 'vitest'
import {
  renderBackground, renderChunk, renderClose, renderList, renderOpen, renderRead, renderSend, renderSignal, sendDetail,
} from '../src/render/texts'

const CAP = 262144
const running = { kind: 'running' } as const

describe('model texts', () => {
  it('terminal_open: header with name and type, then the motd or a placeholder', () => {
    expect(renderOpen({ sessionId: 'pty-1', name: 'main', type: 'shell', pid: 10, status: running, motd: 'hello\n' }, CAP))
      .toBe('started terminal session pty-1 (main) [type: shell]\nhello\n')
    expect(renderOpen({ sessionId: 'pty-2', type: 'shell', status: running, motd: '' }, CAP))
      .toBe('started terminal session pty-2 [type: shell]\n(no startup output)')
  })

  it('terminal_send foreground: viewport, wait, session, marker', () => {
    expect(renderSend({ kind: 'foreground', viewport: '42\n', waitReason: 'stdin_read', sessionStatus: running, truncated: false }, CAP))
      .toBe('42\n\n[wait: stdin_read]\n[session: running]')
    expect(renderSend({ kind: 'foreground', viewport: '', waitReason: 'session_exit', sessionStatus: { kind: 'exited', exitCode: 3, signal: null }, truncated: true }, CAP))
      .toBe('(no new output)\n[wait: session_exit]\n[session: exited code=3 signal=null]\n[output truncated]')
  })

  it('terminal_send foreground: a non-zero exit status and the notes come before the wait line', () => {
    const base = { kind: 'foreground', viewport: 'false\ndsh> ', waitReason: 'stdin_read', sessionStatus: running, truncated: false } as const
    expect(renderSend({ ...base, exitCode: 0 }, CAP)).toBe('false\ndsh> \n[wait: stdin_read]\n[session: running]')
    expect(renderSend({ ...base, exitCode: 1 }, CAP)).toBe('false\ndsh> \n[exit: 1]\n[wait: stdin_read]\n[session: running]')
    const noted = renderSend({ ...base, notes: [{ kind: 'pending-input', text: 'q' }, { kind: 'continuation' }] }, CAP)
    expect(noted.split('\n').slice(2, 4)).toEqual([
      '[note: "q" is typed on the shell\'s command line but not submitted; it prefixes your next command (send "\\u0015" with submit=false to clear it)]',
      '[note: the shell waits for the rest of the command (continuation prompt); send the rest, or "\\u0003" with submit=false to cancel it]',
    ])
    expect(renderSend({ ...base, notes: [{ kind: 'unread-input' }] }, CAP)).toContain('[note: the foreground program has not read this input; it stays queued')
    expect(renderSend({ ...base, notes: [{ kind: 'input-cut', writtenBytes: 10, totalBytes: 20 }] }, CAP)).toContain('[note: only 10 of 20 bytes were written')
    expect(renderSend({ ...base, notes: [{ kind: 'input-held' }] }, CAP)).toContain('[note: nothing was written')
  })

  it('terminal_send foreground: one omission marker where the middle was left out, no end marker', () => {
    const omission = { at: 4, lines: 1200, bytes: 9340, readOffset: 41, readCount: 1200 }
    expect(renderSend({ kind: 'foreground', viewport: 'a\nb\ny\nz\ndsh> ', waitReason: 'stdin_read', sessionStatus: running, truncated: true, omission }, CAP))
      .toBe('a\nb\n[omitted 1200 lines (9340 bytes) here: terminal_read offset=41 count=1200 pages them]\ny\nz\ndsh> \n[wait: stdin_read]\n[session: running]')
    expect(renderChunk({ text: 'a\nz', truncated: true, omission: { ...omission, at: 2, readCount: 300 } }))
      .toBe('a\n[omitted 1200 lines (9340 bytes) here: scrollback still holds the newest 300 of them, terminal_read offset=41 count=300 pages those]\nz')
    expect(renderChunk({ text: 'a\nz', truncated: true, omission: { ...omission, at: 2, lines: 1, readCount: 0 } }))
      .toBe('a\n[omitted 1 line (9340 bytes) here: no longer retained in scrollback]\nz')
  })

  it('terminal_send background acknowledgement', () => {
    expect(renderBackground('pty-send-1', CAP)).toBe('started background job pty-send-1')
  })

  it('terminal_read: page, lines, marker', () => {
    expect(renderRead({ text: 'a\nb', totalLines: 9, lineBegin: 0, lineEnd: 2, truncated: false }, CAP)).toBe('a\nb\n[lines: 0-2 of 9]')
    expect(renderRead({ text: '', totalLines: 0, lineBegin: 0, lineEnd: 0, truncated: true }, CAP))
      .toBe('(no retained output)\n[lines: 0-0 of 0]\n[output truncated]')
    // retention dropped lines earlier (sticky `truncated`), but this page lost nothing: no marker
    expect(renderRead({ text: 'a\nb', totalLines: 9, lineBegin: 0, lineEnd: 2, truncated: true, pageCut: false }, CAP)).toBe('a\nb\n[lines: 0-2 of 9]')
    expect(renderRead({ text: 'a\nb', totalLines: 9, lineBegin: 7, lineEnd: 9, truncated: true, pageCut: true }, CAP))
      .toBe('a\nb\n[lines: 7-9 of 9]\n[output truncated]')
  })

  it('terminal_read while a full-screen program shows: the page, then its screen snapshot, within the bound', () => {
    const screen = `[screen snapshot of a full-screen program (40 rows x 160 columns); cursor at row 1, column 1]\n${'row\n'.repeat(39)}status`
    const page = { text: 'dsh> vim f\n', totalLines: 2, lineBegin: 0, lineEnd: 2, truncated: false, screen }
    expect(renderRead(page, CAP)).toBe(`dsh> vim f\n\n[lines: 0-2 of 2]\n${screen}`)
    for (const cap of [1, 16, 64, 100, 180, 400]) {
      const text = renderRead(page, cap)
      expect(new TextEncoder().encode(text).length, `cap ${cap}`).toBeLessThanOrEqual(cap)
    }
    // the screen keeps its head (the marker line) within its share; the page its [lines] line
    const cut = renderRead(page, 400)
    expect(cut).toContain('[lines: 0-2 of 2]\n[screen snapshot of a full-screen program')
    expect(cut.endsWith('[output truncated]')).toBe(true)
  })

  it('terminal_signal, terminal_close', () => {
    expect(renderSignal({ delivered: true, targetPgid: 4242 }, 'SIGINT', CAP)).toBe('delivered SIGINT to foreground process group 4242')
    expect(renderClose({ sessionId: 'pty-3', outcome: 'closed' }, CAP)).toBe('closed terminal session pty-3')
    expect(renderClose({ sessionId: 'pty-3', outcome: 'already-closing' }, CAP)).toBe('terminal session pty-3 was already closing')
  })

  it('terminal_list: one line per session, or a placeholder', () => {
    expect(renderList([], CAP)).toBe('(no terminal sessions)')
    expect(renderList([
      { sessionId: 'pty-1', name: 'main', type: 'shell', pid: 77, status: running },
      { sessionId: 'pty-2', type: 'shell', status: { kind: 'exited', exitCode: null, signal: 'SIGKILL' } },
    ], CAP)).toBe('pty-1 (main) [shell] running pid=77\npty-2 [shell] exited code=null signal=SIGKILL')
  })

  it('background job output and detail', () => {
    expect(renderChunk({ text: 'out', truncated: false })).toBe('out')
    expect(renderChunk({ text: 'out', truncated: true })).toBe('out\n[output truncated]')
    expect(sendDetail({ waitReason: 'inferred_idle', sessionStatus: running })).toBe('wait: inferred_idle')
    expect(sendDetail({ waitReason: 'session_exit', sessionStatus: { kind: 'exited', exitCode: 0, signal: null } })).toBe('session exited: 0')
    expect(sendDetail({ waitReason: 'session_exit', sessionStatus: { kind: 'exited', exitCode: null, signal: 'SIGHUP' } })).toBe('session exited: SIGHUP')
    expect(sendDetail({ waitReason: 'session_exit', sessionStatus: { kind: 'exited', exitCode: null, signal: null } })).toBe('session exited: unknown')
    // a killed job says what the interrupt led to
    expect(sendDetail({ waitReason: 'stdin_read', sessionStatus: running, exitCode: 130 }, true)).toBe('interrupted with SIGINT; the shell is back at its prompt (exit 130)')
    expect(sendDetail({ waitReason: 'stdin_read', sessionStatus: running }, true)).toBe('interrupted with SIGINT; the program waits for input again')
    expect(sendDetail({ waitReason: 'inferred_idle', sessionStatus: running }, true)).toBe('interrupted with SIGINT; its output went quiet, it may still be running')
    expect(sendDetail({ waitReason: 'timeout', sessionStatus: running }, true)).toBe('interrupted with SIGINT; it was still running when the wait ended')
  })
})
