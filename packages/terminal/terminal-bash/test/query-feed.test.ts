import xterm from '@xterm/headless'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { QUERY_HOLD_MAX_CHARS, QueryFeed, SEQUENCE_SETTLE_CHARS } from '../src/session/query-feed'

const { Terminal } = xterm

/** Push every chunk; returns what the emulator would parse. */
function feedAll(feed: QueryFeed, chunks: string[]): string {
  return chunks.map((c) => feed.push(c)).join('')
}

function crlfLines(from: number, to: number): string {
  let s = ''
  for (let i = from; i <= to; i++) s += `${i}\r\n`
  return s
}

/** Split `text` into chunks of `size` characters. */
function chunked(text: string, size: number): string[] {
  const out: string[] = []
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size))
  return out
}

describe('QueryFeed', () => {
  it('passes chunks with an introducer, and the plain text right after one, in full', () => {
    const feed = new QueryFeed(40)
    expect(feed.push('dsh> \x1b]133;C;n\x07')).toBe('dsh> \x1b]133;C;n\x07')
    expect(feed.push('abc')).toBe('abc')
    // a sequence split across chunks: the introducer in one, the rest in the next
    expect(feed.push('x\x1b')).toBe('x\x1b')
    expect(feed.push('[6n')).toBe('[6n')
    // a C1 CSI is an introducer too
    expect(feed.push('\x9b6n')).toBe('\x9b6n')
  })

  it('replaces a CR LF flood by CR and rows line feeds, keeping the last partial line', () => {
    const feed = new QueryFeed(40)
    const flood = `${crlfLines(1, 200_000)}dsh> `
    const parsed = feedAll(feed, chunked(flood, 1024))
    // held back: only the plain text right after the (absent) last introducer passed
    expect(parsed.length).toBeLessThanOrEqual(SEQUENCE_SETTLE_CHARS + 1024)
    expect(flood.startsWith(parsed)).toBe(true)
    const released = feed.push('\x1b[6n')
    expect(released).toBe(`\r${'\n'.repeat(40)}dsh> \x1b[6n`)
  })

  it('a CR LF straddling two chunks is a cut point', () => {
    const feed = new QueryFeed(2)
    feed.push('\x1b[0m')
    feed.push('a'.repeat(SEQUENCE_SETTLE_CHARS))
    expect(feed.push('1\r\n2\r\n3\r')).toBe('')
    expect(feed.push('\nrest')).toBe('')
    expect(feed.push('\x1b[6n')).toBe('\r\n\nrest\x1b[6n')
  })

  it('without CR LF endings the held text is parsed in full, and held memory stays bounded', () => {
    const feed = new QueryFeed(40)
    feed.push('\x1b[0m')
    let lf = ''
    for (let i = 0; lf.length < 3 * QUERY_HOLD_MAX_CHARS; i++) lf += `bare-${i}\n`
    const chunks = chunked(lf, 1000)
    let parsed = ''
    let longestGap = 0
    let gap = 0
    for (const c of chunks) {
      const out = feed.push(c)
      parsed += out
      gap = out.length > 0 ? 0 : gap + c.length
      longestGap = Math.max(longestGap, gap)
    }
    parsed += feed.push('\x1b[6n')
    expect(parsed).toBe(`${lf}\x1b[6n`)
    expect(longestGap).toBeLessThanOrEqual(QUERY_HOLD_MAX_CHARS + 1000)
  })

  it('fewer than rows line feeds before the last CR LF: nothing is cut', () => {
    const feed = new QueryFeed(40)
    feed.push('\x1b[0m')
    const text = `${'p'.repeat(SEQUENCE_SETTLE_CHARS)}${'\r 50%'.repeat(2000)}\r\n`
    expect(feedAll(feed, [...chunked(text, 999), '\x1b[6n'])).toBe(`${text}\x1b[6n`)
  })
})

/** `count` lines of varied lengths up to `maxLen`, each ended by `end`. */
function lines(count: number, maxLen: number, seed: number, end: string): string {
  let s = ''
  for (let i = 0; i < count; i++) s += `${'l'.repeat(((i + 1) * 7919 + seed) % (maxLen + 1))}${end}`
  return s
}

/** Segments of terminal output the property below mixes (floods are large on purpose). */
const segment = fc.oneof(
  // lines with CR LF endings, some longer than a row
  fc.tuple(fc.integer({ min: 1, max: 3000 }), fc.integer({ min: 0, max: 400 }), fc.nat()).map(([n, len, seed]) => lines(n, len, seed, '\r\n')),
  // bare line feeds (raw mode, no output post-processing)
  fc.tuple(fc.integer({ min: 1, max: 2000 }), fc.integer({ min: 0, max: 200 }), fc.nat()).map(([n, len, seed]) => lines(n, len, seed, '\n')),
  // a progress bar redrawn with CR
  fc.integer({ min: 1, max: 3000 }).map((n) => Array.from({ length: n }, (_, i) => `\r[${'#'.repeat(i % 50)}] ${i % 100}%`).join('')),
  // one endless line; a partial line; tabs and backspaces
  fc.integer({ min: 1, max: 40_000 }).map((n) => 'y'.repeat(n)),
  fc.constantFrom('abc', '\tt\tab\b\b', 'x\b'),
  // sequences: colours, a cursor move, a scroll region, a title
  fc.constantFrom('\x1b[1;31m', '\x1b[0m', '\x1b[5;10H', '\x1b[3;20r', '\x1b[r', '\x1b]0;title\x07'),
)

/** The reply of a fresh emulator fed `chunks` (all of them, or through a QueryFeed). */
async function reply(chunks: string[], rows: number, cols: number, feed?: QueryFeed): Promise<string> {
  const term = new Terminal({ cols, rows, scrollback: 0, allowProposedApi: true })
  const replies: string[] = []
  term.onData((d) => replies.push(d))
  try {
    for (const c of chunks) {
      const data = feed ? feed.push(c) : c
      if (data) term.write(data)
    }
    // writes are parsed in order: once an empty one is done, every earlier one is
    await new Promise<void>((resolve) => term.write('', resolve))
    return replies.join('')
  } finally {
    term.dispose()
  }
}

describe('QueryFeed with the real emulator', () => {
  const progress = Array.from({ length: 400 }, (_, i) => `\r[${'#'.repeat(i % 20)}] ${i % 100}%`).join('')
  // the query arrives in a chunk of its own, so nothing after the held text moves the cursor
  const cases: [string, string][] = [
    ['a flood from the top row, after a progress bar kept it there', `${progress}${lines(2000, 30, 1, '\r\n')}tail`],
    ['a few lines after the settle window: no cut, the row is exact', `${progress}a\r\nb\r\nc\r\nd\r\n`],
    ['a flood inside a scroll region', `\x1b[5;10r\x1b[7;1H${progress}${lines(3000, 90, 2, '\r\n')}`],
    ['a flood below a scroll region', `\x1b[5;10r\x1b[20;1H${progress}${lines(3000, 90, 3, '\r\n')}x`],
    ['a flood of wrapping lines', `${progress}${lines(500, 700, 4, '\r\n')}${'w'.repeat(170)}`],
  ]
  for (const [name, stream] of cases) {
    it(`same answer as a full parse: ${name}`, async () => {
      for (const size of [1024, 4096, 65_536]) {
        const chunks = [...chunked(stream, size), '\x1b[6n']
        const full = await reply(chunks, 40, 160)
        expect(full).toMatch(/^\x1b\[\d+;\d+R$/)
        expect(await reply(chunks, 40, 160, new QueryFeed(40))).toBe(full)
      }
    })
  }

  it('answers cursor-position and device queries exactly as when the emulator parses everything (property)', async () => {
    await fc.assert(fc.asyncProperty(
      fc.array(segment, { minLength: 1, maxLength: 8 }),
      fc.integer({ min: 16, max: 9000 }),
      fc.constantFrom([24, 80], [40, 160], [5, 20], [60, 300]),
      fc.constantFrom('\x1b[6n', 'end\x1b[6n', '\x1b[c'),
      async (segments, size, [rows, cols], query) => {
        const chunks = [...chunked(segments.join(''), size), query]
        const full = await reply(chunks, rows!, cols!)
        expect(full).toMatch(/\x1b\[/)
        expect(await reply(chunks, rows!, cols!, new QueryFeed(rows!))).toBe(full)
      },
    ), { numRuns: 60 })
  }, 60_000)
})
