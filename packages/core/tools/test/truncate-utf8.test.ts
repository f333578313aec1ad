import { describe, expect, it } from 'vitest'
import { truncateUtf8, truncateUtf8Tail, utf8ByteLength } from '../src/truncate-utf8'

const encoder = new TextEncoder()
const bytes = (s: string) => encoder.encode(s).length

describe('UTF-8 bounds', () => {
  it('counts bytes like TextEncoder, including astral characters and lone surrogates', () => {
    for (const s of ['', 'abc', 'é', '€', '😀', 'a😀é€', '\ud800x', 'x\udc00']) {
      expect(utf8ByteLength(s)).toBe(bytes(s))
    }
  })

  it('keeps the longest head that fits and never splits a code point', () => {
    const text = 'aé€😀b'.repeat(5)
    for (let max = 0; max <= bytes(text) + 2; max++) {
      const head = truncateUtf8(text, max)
      expect(text.startsWith(head)).toBe(true)
      expect(bytes(head)).toBeLessThanOrEqual(max)
      // one more code point would not fit
      if (head.length < text.length) {
        const next = String.fromCodePoint(text.codePointAt(head.length)!)
        expect(bytes(head + next)).toBeGreaterThan(max)
      }
      expect(head).not.toMatch(/[\ud800-\udbff]$/)
    }
  })

  it('keeps the longest tail that fits and never splits a code point', () => {
    const text = 'b😀€éa'.repeat(5)
    for (let max = 0; max <= bytes(text) + 2; max++) {
      const tail = truncateUtf8Tail(text, max)
      expect(text.endsWith(tail)).toBe(true)
      expect(bytes(tail)).toBeLessThanOrEqual(max)
      expect(tail).not.toMatch(/^[\udc00-\udfff]/)
      if (tail.length < text.length) {
        const before = text.slice(0, text.length - tail.length)
        const last = Array.from(before).pop()!
        expect(bytes(last + tail)).toBeGreaterThan(max)
      }
    }
  })

  it('refuses a negative or fractional limit', () => {
    expect(() => truncateUtf8('abc', -1)).toThrow(RangeError)
    expect(() => truncateUtf8Tail('abc', 1.5)).toThrow(/maxBytes/)
  })
})
