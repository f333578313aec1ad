import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { SseParser } from '../src'

const bytes = (text: string) => new TextEncoder().encode(text)

function parseAll(chunks: Uint8Array[], max = 1 << 20) {
  const parser = new SseParser(max)
  return [...chunks.flatMap((c) => parser.push(c)), ...parser.end()]
}

describe('SseParser', () => {
  it('parses data lines, joins multi-line data, skips comments, honours event names', () => {
    const wire = ': keep-alive\n\ndata: one\n\nevent: error\ndata: a\ndata: b\n\nid: 7\nretry: 10\ndata:no-space\n\n'
    expect(parseAll([bytes(wire)])).toEqual([
      { event: undefined, data: 'one' },
      { event: 'error', data: 'a\nb' },
      { event: undefined, data: 'no-space' },
    ])
  })

  it('accepts CRLF and lone CR line ends, also when CR and LF arrive in different chunks', () => {
    expect(parseAll([bytes('data: x\r'), bytes('\n\r\ndata: y\r\r')])).toEqual([
      { event: undefined, data: 'x' },
      { event: undefined, data: 'y' },
    ])
  })

  it('gives the same events however the bytes are split (multi-byte characters included)', () => {
    const wire = bytes('data: {"content":"é€😀"}\n\ndata: [DONE]\n\n')
    const whole = parseAll([wire])
    fc.assert(fc.property(fc.uniqueArray(fc.integer({ min: 1, max: wire.length - 1 }), { maxLength: 12 }), (cuts) => {
      const sorted = [...cuts].sort((a, b) => a - b)
      const chunks: Uint8Array[] = []
      let from = 0
      for (const cut of [...sorted, wire.length]) { chunks.push(wire.subarray(from, cut)); from = cut }
      expect(parseAll(chunks)).toEqual(whole)
    }))
    expect(whole).toEqual([{ event: undefined, data: '{"content":"é€😀"}' }, { event: undefined, data: '[DONE]' }])
  })

  it('bounds one event: a line or data past maxEventBytes is BAD_RESPONSE', () => {
    const parser = new SseParser(16)
    expect(() => parser.push(bytes('data: 0123456789abcdef'))).toThrow(/larger than maxEventBytes \(16 bytes\)/)
    const many = new SseParser(16)
    many.push(bytes('data: 0123456789\n'))
    expect(() => many.push(bytes('data: 0123456789\n'))).toThrow(expect.objectContaining({ code: 'BAD_RESPONSE' }))
  })

  it('refuses bytes that are not UTF-8', () => {
    expect(() => parseAll([new Uint8Array([0x64, 0x61, 0x74, 0x61, 0x3a, 0xff, 0x0a])])).toThrow(/not valid UTF-8/)
  })
})
