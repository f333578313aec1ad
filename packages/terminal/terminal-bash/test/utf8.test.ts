import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isAscii, utf8Head, utf8Length, utf8Tail } from '../src/output/utf8'

const enc = new TextEncoder()

describe('utf8', () => {
  it('matches TextEncoder byte lengths, lone surrogates included (property)', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (s) => {
      expect(utf8Length(s)).toBe(enc.encode(s).length)
    }))
  })

  it('tail and head never split a code point and respect the bound (property)', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme' }), fc.nat(40), (s, max) => {
      const tail = utf8Tail(s, max)
      expect(utf8Length(tail.text)).toBeLessThanOrEqual(max)
      expect(s.endsWith(tail.text)).toBe(true)
      expect(tail.dropped).toBe(utf8Length(s) - utf8Length(tail.text))
      expect(tail.text).not.toMatch(/^[\uDC00-\uDFFF]/)
      const head = utf8Head(s, max)
      expect(utf8Length(head)).toBeLessThanOrEqual(max)
      expect(s.startsWith(head)).toBe(true)
      expect(head).not.toMatch(/[\uD800-\uDBFF]$/)
    }))
  })

  it('the ASCII fast path agrees with the encoder on ASCII and on mixed text (property)', () => {
    const unit = fc.oneof(fc.constantFrom('a', '\n', '\x00', '\x7f'), fc.constantFrom('\x80', 'é', '😀', '\uD800'))
    fc.assert(fc.property(fc.oneof(fc.string({ unit: 'binary-ascii' }), fc.string({ unit })), fc.nat(40), (s, max) => {
      const bytes = enc.encode(s)
      expect(isAscii(s)).toBe(bytes.length === s.length && !/[^\x00-\x7f]/.test(s))
      expect(utf8Length(s)).toBe(bytes.length)
      const tail = utf8Tail(s, max)
      expect(tail.dropped).toBe(bytes.length - enc.encode(tail.text).length)
      expect(enc.encode(tail.text).length).toBeLessThanOrEqual(max)
      expect(s.endsWith(tail.text)).toBe(true)
      expect(enc.encode(utf8Head(s, max)).length).toBeLessThanOrEqual(max)
    }))
  })

  it('ASCII text is cut by units', () => {
    expect(utf8Tail('abcdef', 4)).toEqual({ text: 'cdef', dropped: 2 })
    expect(utf8Tail('abc', 4)).toEqual({ text: 'abc', dropped: 0 })
    expect(utf8Head('abcdef', 4)).toBe('abcd')
    expect(utf8Length('x\r\n\x7f')).toBe(4)
    expect(isAscii('\x80')).toBe(false)
  })

  it('cuts whole emoji', () => {
    expect(utf8Tail('a😀b', 5)).toEqual({ text: '😀b', dropped: 1 })
    expect(utf8Tail('a😀b', 4)).toEqual({ text: 'b', dropped: 5 })
    expect(utf8Head('a😀b', 4)).toBe('a')
  })
})
