import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { boundBodyTail, boundHead, boundHeaderTail, TRUNCATION_MARKER } from '../src/bound/layout'
import { utf8Head, utf8Length, utf8Tail } from '../src/bound/utf8'
import { MIN_MAX_RESULT_BYTES } from '../src/config'
import { renderBackground, renderOpen, renderRead, renderSend } from '../src/render/texts'

const bytes = (s: string) => Buffer.byteLength(s, 'utf8')
/** True when the string has no lone surrogate (so its UTF-8 encoding is exact, not U+FFFD). */
const wellFormed = (s: string) => !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s)
const roundTrips = (s: string) => new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(s, 'utf8')) === s

const statusArb = fc.oneof(
  fc.constant({ kind: 'running' as const }),
  fc.record({
    kind: fc.constant('exited' as const),
    exitCode: fc.option(fc.integer({ min: 0, max: 255 }), { nil: null }),
    signal: fc.option(fc.constantFrom('SIGKILL', 'SIGTERM', 'SIGHUP', 'SIGINT', 'SIGSEGV'), { nil: null }),
  }),
)
const textArb = fc.string({ unit: fc.constantFrom('a', '\n', 'é', '€', '😀', '中', ' ', '\t'), maxLength: 400 })
const capArb = fc.integer({ min: MIN_MAX_RESULT_BYTES, max: 600 })

describe('UTF-8 arithmetic', () => {
  it('counts bytes like Buffer.byteLength, lone surrogates as U+FFFD', () => {
    for (const s of ['', 'a', 'é', '€', '😀', 'a😀é€', '\uD800', 'x\uDC00y']) expect(utf8Length(s)).toBe(bytes(s))
  })

  it('never splits a code point when cutting', () => {
    const text = 'a€😀b'
    expect(utf8Head(text, 1)).toBe('a')
    expect(utf8Head(text, 3)).toBe('a') // € needs 3 more bytes
    expect(utf8Head(text, 4)).toBe('a€')
    expect(utf8Head(text, 7)).toBe('a€') // 😀 needs 4 bytes
    expect(utf8Head(text, 8)).toBe('a€😀')
    expect(utf8Tail(text, 1)).toBe('b')
    expect(utf8Tail(text, 4)).toBe('b')
    expect(utf8Tail(text, 5)).toBe('😀b')
    expect(utf8Tail(text, 0)).toBe('')
    expect(utf8Head(text, -1)).toBe('')
  })

  it('property: head and tail cuts are within the cap, well formed, and a prefix/suffix', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), fc.nat(64), (text, cap) => {
      const head = utf8Head(text, cap)
      const tail = utf8Tail(text, cap)
      expect(bytes(head)).toBeLessThanOrEqual(cap)
      expect(bytes(tail)).toBeLessThanOrEqual(cap)
      expect(text.startsWith(head) && text.endsWith(tail)).toBe(true)
      expect(wellFormed(head) && wellFormed(tail)).toBe(true)
    }))
  })
})

describe('bounding layouts', () => {
  it('boundHead leaves a text within the cap unchanged and cuts the rest at its head with the marker', () => {
    expect(boundHead('short', 64)).toBe('short')
    const long = 'é'.repeat(100)
    const bounded = boundHead(long, 64)
    expect(bounded).toBe(`${'é'.repeat(22)}\n${TRUNCATION_MARKER}`)
    expect(bytes(bounded)).toBeLessThanOrEqual(64)
    expect(boundHead(bounded, 64)).toBe(bounded)
  })

  it('boundHead drops a word it would split, so an id is whole or absent', () => {
    const error = 'Error [SEND_ACTIVE]: a send is still running in pty-12; wait for it to finish'
    expect(boundHead(error, 64)).toBe(`Error [SEND_ACTIVE]: a send is still running \n${TRUNCATION_MARKER}`)
    expect(boundHead(error, 70)).toBe(`Error [SEND_ACTIVE]: a send is still running in \n${TRUNCATION_MARKER}`)
    expect(boundHead(error, 73)).toBe(`Error [SEND_ACTIVE]: a send is still running in pty-12\n${TRUNCATION_MARKER}`)
    // a single word longer than the room is still cut (something must show)
    expect(boundHead('x'.repeat(100), 64)).toBe(`${'x'.repeat(45)}\n${TRUNCATION_MARKER}`)
  })

  it('property: a head cut never leaves a partial pty id', () => {
    fc.assert(fc.property(fc.array(fc.oneof(fc.constantFrom('error', 'session', '€', ' ', '; '), fc.nat(99999).map((n) => `pty-${n}`), fc.nat(999).map((n) => `pty-send-${n}`)), { maxLength: 40 }), capArb, (parts, cap) => {
      const text = parts.join(' ')
      const out = boundHead(text, cap)
      const whole = new Map([...text.matchAll(/pty-(?:send-)?\d+/g)].map((m) => [m.index, m[0]]))
      for (const m of out.matchAll(/pty-(?:send-)?\d+/g)) expect(whole.get(m.index), JSON.stringify(out)).toBe(m[0])
    }))
  })

  it('boundBodyTail keeps the metadata and the newest output', () => {
    const out = boundBodyTail({ body: `old\n${'x'.repeat(50)}\nnewest line`, meta: ['[wait: stdin_read]', '[session: running]'], truncated: false }, 80)
    expect(out.endsWith('newest line\n[wait: stdin_read]\n[session: running]\n[output truncated]')).toBe(true)
    expect(out.startsWith('old')).toBe(false)
    expect(bytes(out)).toBeLessThanOrEqual(80)
  })

  it('boundBodyTail adds the marker once when the backend already truncated', () => {
    const parts = { body: 'hello', meta: ['[lines: 0-1 of 1]'], truncated: true }
    expect(boundBodyTail(parts, 1000)).toBe('hello\n[lines: 0-1 of 1]\n[output truncated]')
    const cut = boundBodyTail({ ...parts, body: 'y'.repeat(200) }, 64)
    expect(cut.split(TRUNCATION_MARKER)).toHaveLength(2)
    expect(cut.endsWith('[lines: 0-1 of 1]\n[output truncated]')).toBe(true)
  })

  it('boundBodyTail prefers the metadata over the marker when both cannot fit', () => {
    const meta = ['[wait: inferred_idle]', '[session: exited code=null signal=SIGKILL]']
    const out = boundBodyTail({ body: 'z'.repeat(500), meta, truncated: false }, MIN_MAX_RESULT_BYTES)
    expect(out).toBe(meta.join('\n'))
  })

  it('boundHeaderTail keeps the header and the tail of the body', () => {
    const header = 'started terminal session pty-7 (main) [type: shell]'
    const out = boundHeaderTail(header, `first\n${'m'.repeat(100)}\nready`, 100)
    expect(out.startsWith(`${header}\n`)).toBe(true)
    expect(out.endsWith(`ready\n${TRUNCATION_MARKER}`)).toBe(true)
    expect(bytes(out)).toBeLessThanOrEqual(100)
  })
})

describe('64 bytes keep every registry-issued id whole', () => {
  it('in a background acknowledgement and an open acknowledgement with a long name', () => {
    for (const n of [1, 42, 999_999, Number.MAX_SAFE_INTEGER]) {
      const ack = renderBackground(`pty-send-${n}`, MIN_MAX_RESULT_BYTES)
      expect(ack).toBe(`started background job pty-send-${n}`)
      const open = renderOpen({ sessionId: `pty-${n}`, name: 'ü'.repeat(80), type: 'shell', status: { kind: 'running' }, motd: '€'.repeat(100) }, MIN_MAX_RESULT_BYTES)
      expect(/^started terminal session pty-(\d+)/.exec(open)?.[1]).toBe(String(n))
      expect(open.endsWith(TRUNCATION_MARKER)).toBe(true)
      expect(bytes(open)).toBeLessThanOrEqual(MIN_MAX_RESULT_BYTES)
    }
  })
})


describe('property: every rendered result is valid UTF-8, within the cap, with its metadata', () => {
  it('terminal_send foreground', () => {
    fc.assert(fc.property(textArb, fc.constantFrom('stdin_read', 'inferred_idle', 'timeout', 'session_exit'), statusArb, fc.boolean(), capArb,
      (viewport, waitReason, sessionStatus, truncated, cap) => {
        const out = renderSend({ kind: 'foreground', viewport, waitReason, sessionStatus, truncated }, cap)
        expect(bytes(out)).toBeLessThanOrEqual(cap)
        expect(wellFormed(out) && roundTrips(out)).toBe(true)
        expect(out).toContain(`[wait: ${waitReason}]`)
        const session = sessionStatus.kind === 'running' ? '[session: running]' : `[session: exited code=${sessionStatus.exitCode} signal=${sessionStatus.signal}]`
        expect(out).toContain(session)
        if (bytes(out) < bytes(viewport)) expect(viewport.endsWith(out.slice(0, out.indexOf('\n[wait: ')))).toBe(true)
      }))
  })

  it('terminal_read', () => {
    fc.assert(fc.property(textArb, fc.nat(10_000), fc.nat(10_000), fc.boolean(), capArb, (text, begin, total, truncated, cap) => {
      const out = renderRead({ text, totalLines: total, lineBegin: begin, lineEnd: begin + 3, truncated }, cap)
      expect(bytes(out)).toBeLessThanOrEqual(cap)
      expect(wellFormed(out) && roundTrips(out)).toBe(true)
      expect(out).toContain(`[lines: ${begin}-${begin + 3} of ${total}]`)
      if (truncated) expect(out.endsWith(TRUNCATION_MARKER)).toBe(true)
    }))
  })

  it('terminal_open', () => {
    fc.assert(fc.property(fc.nat(1_000_000), fc.option(textArb, { nil: undefined }), textArb, capArb, (n, name, motd, cap) => {
      const out = renderOpen({ sessionId: `pty-${n}`, ...(name !== undefined ? { name } : {}), type: 'shell', status: { kind: 'running' }, motd }, cap)
      expect(bytes(out)).toBeLessThanOrEqual(cap)
      expect(wellFormed(out) && roundTrips(out)).toBe(true)
      expect(out.startsWith(`started terminal session pty-${n}`)).toBe(true)
    }))
  })

  it('any other text keeps its head', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), capArb, (text, cap) => {
      const out = boundHead(text, cap)
      expect(bytes(out)).toBeLessThanOrEqual(cap)
      expect(wellFormed(out) && roundTrips(out)).toBe(true)
      if (out !== text) {
        expect(out.endsWith(`\n${TRUNCATION_MARKER}`)).toBe(true)
        expect(text.startsWith(out.slice(0, -(TRUNCATION_MARKER.length + 1)))).toBe(true)
      }
    }))
  })
})
