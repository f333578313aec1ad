import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { newlineAfter, newlineFromEnd, newlinesBefore } from '../src/output/newlines'

describe('newlines', () => {
  it('counts and locates newlines like a plain scan (property)', () => {
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom('a', '\n', 'é') }), fc.nat(12), (text, k) => {
      const at = [...text.matchAll(/\n/g)].map((m) => m.index)
      expect(newlineFromEnd(text, k + 1)).toBe(k + 1 <= at.length ? at[at.length - k - 1] : -1)
      expect(newlinesBefore(text, k)).toBe(at.filter((i) => i < k).length)
      expect(newlinesBefore(text)).toBe(at.length)
      for (let n = 1; n <= at.length; n++) expect(newlineAfter(text, n, at.length)).toBe(at[n - 1]! + 1)
    }))
  })

  it('finds the n-th newline from either end', () => {
    expect(newlineAfter('a\nb\nc\n', 1, 3)).toBe(2)
    expect(newlineAfter('a\nb\nc\n', 3, 3)).toBe(6)
    expect(newlineFromEnd('a\nb\nc', 2)).toBe(1)
    expect(newlineFromEnd('\nb', 1)).toBe(0)
    expect(newlineFromEnd('\nb', 2)).toBe(-1)
    expect(newlineAfter('\n'.repeat(20), 19, 20)).toBe(19)
  })
})
