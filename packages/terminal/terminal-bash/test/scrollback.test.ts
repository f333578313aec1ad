import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Scrollback } from '../src/output/scrollback'
import { utf8Length } from '../src/output/utf8'
import { LineScrollback } from './fixtures/line-scrollback'

const big = { maxLines: 1000, maxBytes: 1 << 20, maxReadBytes: 1 << 16 }

describe('Scrollback', () => {
  it('pages back from the newest line; a trailing newline is an empty last line', () => {
    const sb = new Scrollback(big)
    sb.append('l1\nl2\nl3\n')
    expect(sb.totalLines).toBe(4)
    expect(sb.read(0, 2)).toEqual({ text: 'l3\n', totalLines: 4, lineBegin: 0, lineEnd: 2, truncated: false, pageCut: false })
    expect(sb.read(2, 2)).toEqual({ text: 'l1\nl2', totalLines: 4, lineBegin: 2, lineEnd: 4, truncated: false, pageCut: false })
    expect(sb.read(0, undefined).text).toBe('l1\nl2\nl3\n')
  })

  it('joins text appended in pieces into lines', () => {
    const sb = new Scrollback(big)
    sb.append('par')
    sb.append('tial\nnext')
    sb.append(' more')
    expect(sb.read(0, undefined).text).toBe('partial\nnext more')
    expect(sb.totalLines).toBe(2)
  })

  it('an offset past the end gives an empty page; count 0 gives nothing', () => {
    const sb = new Scrollback(big)
    sb.append('a\nb')
    // past the retained lines: an empty page at the oldest end, numbers that agree
    expect(sb.read(5, 3)).toEqual({ text: '', totalLines: 2, lineBegin: 2, lineEnd: 2, truncated: false, pageCut: false })
    expect(sb.read(0, 0)).toMatchObject({ text: '', lineBegin: 0, lineEnd: 0 })
  })

  it('drops the oldest lines past the line bound and reports truncation from then on', () => {
    const sb = new Scrollback({ ...big, maxLines: 3 })
    sb.append('1\n2\n')
    expect(sb.read(0, undefined).truncated).toBe(false)
    sb.append('3\n4')
    expect(sb.totalLines).toBe(3)
    expect(sb.read(0, undefined)).toMatchObject({ text: '2\n3\n4', truncated: true })
    expect(sb.read(0, 1)).toMatchObject({ text: '4', truncated: true })
  })

  it('drops the oldest lines past the byte bound', () => {
    const sb = new Scrollback({ maxLines: 100, maxBytes: 10, maxReadBytes: 10 })
    sb.append('aaaa\nbbbb\ncccc')
    expect(sb.read(0, undefined)).toMatchObject({ text: 'bbbb\ncccc', truncated: true })
  })

  it('one huge line cannot bypass the byte bound', () => {
    const sb = new Scrollback({ maxLines: 100, maxBytes: 100, maxReadBytes: 100 })
    for (let i = 0; i < 50; i++) sb.append('x'.repeat(37))
    const page = sb.read(0, undefined)
    expect(utf8Length(page.text)).toBeLessThanOrEqual(100)
    expect(page.text.length).toBeGreaterThan(0)
    expect(page.truncated).toBe(true)
  })

  it('cuts a page to maxReadBytes keeping the newest lines, and lineEnd follows the lines returned', () => {
    const sb = new Scrollback({ maxLines: 100, maxBytes: 1000, maxReadBytes: 7 })
    sb.append('111\n222\n333')
    const page = sb.read(0, 3)
    expect(page).toEqual({ text: '222\n333', totalLines: 3, lineBegin: 0, lineEnd: 2, truncated: true, pageCut: true })
    expect(sb.read(page.lineEnd, 3)).toEqual({ text: '111', totalLines: 3, lineBegin: 2, lineEnd: 3, truncated: false, pageCut: false })
  })

  it('cuts a single oversized line in a page to its tail on a code point boundary', () => {
    const sb = new Scrollback({ maxLines: 100, maxBytes: 1000, maxReadBytes: 5 })
    sb.append('older\n😀😀😀')
    expect(sb.read(0, 2)).toMatchObject({ text: '😀', lineEnd: 1, truncated: true })
  })

  it('stays within both bounds for any input (property)', () => {
    fc.assert(fc.property(
      fc.array(fc.string({ unit: fc.constantFrom('a', 'é', '😀', '\n') , maxLength: 30 }), { maxLength: 30 }),
      fc.integer({ min: 1, max: 8 }),
      fc.integer({ min: 4, max: 60 }),
      (chunks, maxLines, maxBytes) => {
        const sb = new Scrollback({ maxLines, maxBytes, maxReadBytes: maxBytes })
        for (const c of chunks) sb.append(c)
        const page = sb.read(0, undefined)
        expect(sb.totalLines).toBeLessThanOrEqual(maxLines)
        expect(utf8Length(page.text)).toBeLessThanOrEqual(maxBytes)
        const all = chunks.join('')
        expect(all.endsWith(page.text)).toBe(true)
        expect(page.truncated).toBe(page.text !== all)
      },
    ))
  })

  it('keeps exactly the pages, totals and truncation of the per-line model (property)', () => {
    const chunk = fc.oneof(
      fc.string({ unit: fc.constantFrom('a', 'b', '\n'), maxLength: 12 }),
      fc.string({ unit: fc.constantFrom('a', 'é', '😀', '\n'), maxLength: 12 }),
      // floods: often more lines in one append than the bound retains
      fc.array(fc.string({ unit: fc.constantFrom('x', 'x', 'é'), maxLength: 6 }), { maxLength: 40 }).map((ls) => ls.join('\n')),
    )
    fc.assert(fc.property(
      fc.array(chunk, { maxLength: 25 }),
      fc.integer({ min: 1, max: 30 }),
      fc.integer({ min: 1, max: 80 }),
      fc.integer({ min: 1, max: 40 }),
      fc.array(fc.tuple(fc.nat(14), fc.option(fc.nat(14), { nil: undefined })), { minLength: 1, maxLength: 4 }),
      (chunks, maxLines, maxBytes, readBytes, reads) => {
        const limits = { maxLines, maxBytes, maxReadBytes: Math.min(readBytes, maxBytes) }
        const sb = new Scrollback(limits)
        const model = new LineScrollback(limits)
        for (const c of chunks) {
          sb.append(c)
          model.append(c)
          expect(sb.totalLines).toBe(model.totalLines)
          for (const [offset, count] of reads) expect(sb.read(offset, count)).toEqual(model.read(offset, count))
        }
      },
    ), { numRuns: 500 })
  })

  it('an append with more lines than the bound keeps the newest ones and reports truncation', () => {
    const sb = new Scrollback({ maxLines: 3, maxBytes: 1000, maxReadBytes: 1000 })
    sb.append('old')
    sb.append(Array.from({ length: 100 }, (_, i) => `n${i}`).join('\n'))
    expect(sb.read(0, undefined)).toEqual({ text: 'n97\nn98\nn99', totalLines: 3, lineBegin: 0, lineEnd: 3, truncated: true, pageCut: true })
    // a page within what is retained lost nothing: only the sticky flag says retention dropped
    expect(sb.read(0, 2)).toMatchObject({ text: 'n98\nn99', truncated: true, pageCut: false })
    // exactly maxLines newlines: the line before the first one is dropped too
    const exact = new Scrollback({ maxLines: 3, maxBytes: 1000, maxReadBytes: 1000 })
    exact.append('a\nb\nc\n')
    expect(exact.read(0, undefined)).toMatchObject({ text: 'b\nc\n', totalLines: 3, truncated: true })
  })
})
