import { describe, expect, it } from 'vitest'
import { LATE_SENTINEL_WINDOW, SentinelFilter, heldTail } from '../src/spawn/sentinel-filter'

const S1 = '\x1b]6973;DSH-FLUSH;ABCDEF;1\x07'
const S2 = '\x1b]6973;DSH-FLUSH;ABCDEF;2\x07'

/** Push every chunk, collecting the output and the order of events. */
function run(filter: SentinelFilter, chunks: readonly string[], log: string[] = []): string {
  let out = ''
  for (const chunk of chunks) {
    const text = filter.push(chunk)
    out += text
    log.push(`out:${JSON.stringify(text)}`)
  }
  return out
}

describe('SentinelFilter', () => {
  it('passes chunks through untouched while no barrier is pending, even sentinel-like text', () => {
    const filter = new SentinelFilter()
    const chunk = `prompt$ ${S1} \x1b]6973;DSH`
    expect(filter.push(chunk)).toBe(chunk)
    expect(filter.push('\x1b')).toBe('\x1b')
  })

  it('removes a pending sentinel inside one chunk and reports it after the output before it', () => {
    const filter = new SentinelFilter()
    const log: string[] = []
    filter.expect(S1, () => log.push('seen'))
    expect(filter.push(`before${S1}after`)).toBe('beforeafter')
    expect(log).toEqual(['seen'])
    expect(filter.push(S1)).toBe(S1) // no longer pending: passes through
  })

  it('finds a sentinel split at every position across two and three chunks', () => {
    const data = `left-output${S1}right-output`
    for (let i = 0; i <= data.length; i++) {
      for (const j of [i, Math.min(data.length, i + 3)]) {
        const filter = new SentinelFilter()
        let seen = 0
        filter.expect(S1, () => seen++)
        const out = run(filter, [data.slice(0, i), data.slice(i, j), data.slice(j)])
        expect(out, `split at ${i}/${j}`).toBe('left-outputright-output')
        expect(seen, `split at ${i}/${j}`).toBe(1)
      }
    }
  })

  it('holds back only a tail that could start a sentinel, and releases it when the next chunk does not complete it', () => {
    const filter = new SentinelFilter()
    filter.expect(S1, () => {})
    expect(filter.push('abc\x1b]69')).toBe('abc')
    expect(filter.push('73;red')).toBe('\x1b]6973;red')
    expect(filter.push('x\x1b')).toBe('x')
    expect(filter.push('[31m')).toBe('\x1b[31m')
    expect(filter.push('plain')).toBe('plain')
  })

  it('two pending barriers: each is removed and reported once, in either order', () => {
    const filter = new SentinelFilter()
    const log: string[] = []
    filter.expect(S1, () => log.push('1'))
    filter.expect(S2, () => log.push('2'))
    expect(run(filter, [`a${S1}b${S2.slice(0, 10)}`, `${S2.slice(10)}c`])).toBe('abc')
    expect(log).toEqual(['1', '2'])
    const other = new SentinelFilter()
    const seen: string[] = []
    other.expect(S1, () => seen.push('1'))
    other.expect(S2, () => seen.push('2'))
    expect(other.push(`${S2}x${S1}`)).toBe('x')
    expect(seen.sort()).toEqual(['1', '2'])
  })

  it('abandon releases the held tail; a written sentinel is still stripped when it arrives late in one piece', () => {
    const filter = new SentinelFilter()
    let seen = false
    filter.expect(S1, () => { seen = true })
    expect(filter.push('out\x1b]6973;')).toBe('out')
    expect(filter.abandon(S1, true)).toBe('\x1b]6973;')
    expect(filter.push(`late:${S1}:done`)).toBe('late::done')
    expect(seen).toBe(false)
    expect(filter.push(`again:${S1}`)).toBe(`again:${S1}`) // forgotten once found
  })

  it('an unwritten abandoned sentinel is not looked for; a late one is forgotten past the window', () => {
    const filter = new SentinelFilter()
    filter.expect(S1, () => {})
    expect(filter.abandon(S1, false)).toBe('')
    expect(filter.push(S1)).toBe(S1)
    filter.expect(S2, () => {})
    filter.abandon(S2, true)
    const filler = 'y'.repeat(LATE_SENTINEL_WINDOW)
    expect(filter.push(filler)).toBe(filler)
    expect(filter.push(S2)).toBe(S2)
  })

  it('abandoning one barrier keeps the tail held for another pending one', () => {
    const filter = new SentinelFilter()
    filter.expect(S1, () => {})
    let seen2 = 0
    filter.expect(S2, () => seen2++)
    expect(filter.push('z\x1b]6973;DSH-FLUSH;ABCDEF;')).toBe('z')
    expect(filter.abandon(S1, false)).toBe('')
    expect(filter.push('2\x07tail')).toBe('tail')
    expect(seen2).toBe(1)
  })

  it('end() returns what was held back and forgets every sentinel without reporting it', () => {
    const filter = new SentinelFilter()
    let seen = false
    filter.expect(S1, () => { seen = true })
    expect(filter.push('last\x1b]')).toBe('last')
    expect(filter.end()).toBe('\x1b]')
    expect(filter.push(S1)).toBe(S1)
    expect(seen).toBe(false)
  })
})

describe('heldTail', () => {
  it('is the longest tail that is a proper prefix of a sentinel', () => {
    expect(heldTail('abc', [S1])).toBe(0)
    expect(heldTail('abc\x1b', [S1])).toBe(1)
    expect(heldTail(`abc${S1.slice(0, -1)}`, [S1])).toBe(S1.length - 1)
    expect(heldTail('\x1b]6973;DSH-FLUSH;ABCDEF;', [S1, S2])).toBe(S1.length - 2)
    expect(heldTail('\x1b]6972', [S1])).toBe(0)
    expect(heldTail('', [S1])).toBe(0)
  })
})
