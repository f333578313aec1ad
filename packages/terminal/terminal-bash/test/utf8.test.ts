import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { utf8Head, utf8Length, utf8Tail } from '../src/output/utf8'

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

  it('cuts whole emoji', () => {
    expect(utf8Tail('a😀b', 5)).toEqual({ text: '😀b', dropped: 1 })
    expect(utf8Tail('a😀b', 4)).toEqual({ text: 'b', dropped: 5 })
    expect(utf8Head('a😀b', 4)).toBe('a')
  })
})
