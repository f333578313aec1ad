import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { newlineAfter, newlinesBefore, newlinesFromEnd } from '../src/output/newlines'

describe('newlines', () => {
  it('counts and locates newlines like a plain scan (property)', () => {
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom('a', '\n', 'é') }), fc.nat(12), (text, k) => {
      const at = [...text.matchAll(/\n/g)].map((m) => m.index)
      const back = newlinesFromEnd(text, k)
      expect(back.count).toBe(Math.min(k, at.length))
      expect(back.index).toBe(back.count === 0 ? -1 : at[at.length - back.count])
      expect(newlinesBefore(text, k)).toBe(at.filter((i) => i < k).length)
      for (let n = 1; n <= at.length; n++) expect(newlineAfter(text, n, at.length)).toBe(at[n - 1]! + 1)
    }))
  })

  it('finds the n-th newline from either end', () => {
    expect(newlineAfter('a\nb\nc\n', 1, 3)).toBe(2)
    expect(newlineAfter('a\nb\nc\n', 3, 3)).toBe(6)
    expect(newlinesFromEnd('a\nb\nc', 5)).toEqual({ count: 2, index: 1 })
  })
})
