import { describe, expect, it } from 'vitest'
import { LineSplitter } from '../src/line-splitter'

const lines = (items: ReturnType<LineSplitter['push']>) => items.map((i) => (i.kind === 'line' ? i.text : `<overlong ${i.length}>`))

describe('LineSplitter', () => {
  it('joins chunks into lines and skips blank ones', () => {
    const s = new LineSplitter(100)
    expect(lines(s.push('{"a"'))).toEqual([])
    expect(lines(s.push(':1}\n\n  \n{"b":2}\r\n{"c"'))).toEqual(['{"a":1}', '{"b":2}'])
    expect(lines(s.end())).toEqual(['{"c"'])
    expect(lines(s.end())).toEqual([])
  })

  it('drops an overlong line once, then keeps serving', () => {
    const s = new LineSplitter(10)
    expect(lines(s.push('0123456789'))).toEqual([])
    expect(lines(s.push('abcdef'))).toEqual([])
    expect(lines(s.push('ghi\nok\n'))).toEqual(['<overlong 19>', 'ok'])
  })

  it('accepts a line of exactly the limit', () => {
    const s = new LineSplitter(5)
    expect(lines(s.push('12345\n123456\n'))).toEqual(['12345', '<overlong 6>'])
  })

  it('reports an overlong last line at end of input', () => {
    const s = new LineSplitter(3)
    s.push('abcd')
    expect(lines(s.end())).toEqual(['<overlong 4>'])
  })

  it('keeps the start of an overlong line, to read its id from', () => {
    const s = new LineSplitter(10)
    s.push('{"id":7,')
    const [item] = s.push('"x":"0123456789"}\n')
    expect(item).toEqual({ kind: 'overlong', length: 25, head: '{"id":7,"x":"0123456789"}' })
    const big = new LineSplitter(5000)
    const [long] = big.push(`{"id":1,"pad":"${'p'.repeat(6000)}"}\n`)
    expect(long).toMatchObject({ kind: 'overlong', head: expect.stringMatching(/^\{"id":1,"pad":"p+$/) })
    expect(long!.kind === 'overlong' && long!.head.length).toBe(4096)
  })
})
