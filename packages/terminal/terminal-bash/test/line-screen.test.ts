import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { HeadTail } from '../src/output/head-tail'
import { RenderedOutput } from '../src/output/rendered-output'
import { LAYOUT_CSI_FINALS, StreamSanitizer } from '../src/output/sanitizer'
import { LineScreen } from '../src/output/line-screen'
import { utf8Length } from '../src/output/utf8'

const LIMITS = { cols: 160, rows: 40, maxLines: 10_000, maxBytes: 4 << 20, maxReadBytes: 262_144 }

/** Raw terminal output through the real tokenizer into a RenderedOutput. */
function renderer(limits: Partial<typeof LIMITS> = {}) {
  const out = new RenderedOutput({ ...LIMITS, ...limits })
  const tokens = new StreamSanitizer()
  return {
    out,
    write: (raw: string) => out.feed(tokens.push(raw)),
    take: (max?: number) => out.take(max),
    all: () => out.read(0, undefined).text,
  }
}

function rendered(raw: string): string {
  const r = renderer()
  r.write(raw)
  return r.take().text
}

describe('rendered delta (LineScreen + RenderedOutput)', () => {
  it('resolves backspace, overstrike and underline as a terminal would', () => {
    expect(rendered('abcdef\b\b\bZ\r\n')).toBe('abcZef\n')
    expect(rendered('N\bNA\bAM\bME\bE\r\n_\ba_\bl_\bl\r\n')).toBe('NAME\nall\n')
    // a spinner ends as its last frame
    expect(rendered('working |\b/\b-\b\\\b|\bdone\r\n')).toBe('working done\n')
  })

  it('the CSI sequences the tokenizer drops are exactly the ones that never change the render', () => {
    // fed straight to the line screen, every other final is a no-op: dropping it changes nothing
    const noSink = { commit: () => {}, started: false }
    for (let code = 0x40; code <= 0x7e; code++) {
      const final = String.fromCharCode(code)
      if (LAYOUT_CSI_FINALS.has(final)) continue
      const screen = new LineScreen({ cols: 160, rows: 40 }, noSink)
      screen.text('abc\ndef')
      screen.csi('2;3', final)
      screen.text('gh')
      expect(screen.take().text, `CSI ${final}`).toBe('abc\ndefgh')
    }
    // and a colourful flood keeps its text in one piece: an SGR splits nothing
    expect(new StreamSanitizer().push('\x1b[1ma\n\x1b[0mb\n\x1b[31mc')).toEqual([{ kind: 'text', text: 'a\nb\nc' }])
  })

  it('collapses carriage-return redraws to what the line finally shows', () => {
    let raw = ''
    for (let i = 0; i <= 3000; i++) raw += `\r${String(Math.floor(i / 30)).padStart(3)}% |${'#'.repeat(Math.floor(i / 75))}`
    expect(rendered(`${raw}\r\n`)).toBe(`100% |${'#'.repeat(40)}\n`)
    // erase in line after CR, and a CR CR LF ending
    expect(rendered('downloading 10%\r\x1b[Kdone\r\r\n')).toBe('done\n')
  })

  it('in-line cursor movement, erase, insert and delete characters', () => {
    expect(rendered('hello world\x1b[5D\x1b[KWORLD\r\n')).toBe('hello WORLD\n')
    expect(rendered('abc\x1b[1G\x1b[2@\r\n')).toBe('  abc\n')
    expect(rendered('abcdef\x1b[3G\x1b[2P\r\n')).toBe('abef\n')
    expect(rendered('abcdef\x1b[2G\x1b[3X\r\n')).toBe('a   ef\n')
    expect(rendered('ab\x1b[5Cc\r\n')).toBe('ab     c\n')
  })

  it('cursor-up redraws of a multi-line progress display change those lines', () => {
    const r = renderer()
    r.write('a: 10%\r\nb: 10%\r\n')
    expect(r.take().text).toBe('a: 10%\nb: 10%\n')
    r.write('\x1b[2A\ra: 50%\r\nb: 60%\r\n')
    expect(r.take().text).toBe('a: 50%\nb: 60%\n')
    r.write('\x1b[2A\ra: 90%\r\n\r\n')
    // only the line that changed
    expect(r.take().text).toBe('a: 90%\n')
    expect(r.all()).toBe('a: 90%\nb: 60%\n')
  })

  it('a delivered line that only grew shows its new end; output after a take opens the next one', () => {
    const r = renderer()
    r.write('dsh> ')
    expect(r.take().text).toBe('dsh> ')
    r.write('LATE\r\n')
    r.write('echo now\r\nnow\r\ndsh> ')
    expect(r.take().text).toBe('LATE\necho now\nnow\ndsh> ')
    expect(r.take().text).toBe('')
  })

  it('clearing the screen keeps the transcript and switches to a drawn screen until the prompt marker', () => {
    const r = renderer()
    r.write('dsh> top\r\n\x1b[H\x1b[2Jtop - 10:00\r\nPID\r\n')
    expect(r.out.screenShown).toBe(true)
    expect(r.take(undefined).text).toBe('dsh> top\ntop - 10:00\nPID\n')
    r.write('\x1b[Htop - 10:01')
    // the snapshot stands for the drawn lines
    expect(r.out.take(LIMITS.maxReadBytes, true).text).toBe('')
    r.write('\x1b[40;1H\r\n\x1b]133;D;0;nonce\x07dsh> ')
    expect(r.out.screenShown).toBe(false)
    // after the program: what changed since the snapshot, then the prompt
    const after = r.take().text
    expect(after.endsWith('\ndsh> ')).toBe(true)
    expect(after).not.toContain('PID')
  })

  it('the alternate screen is not rendered into the transcript; it resumes after', () => {
    const r = renderer()
    r.write('dsh> vim\r\n\x1b[?1049h\x1b[Hfile contents\x1b[40;1H:wq')
    expect(r.out.alternate).toBe(true)
    r.write('\x1b[?1049l\x1b]133;D;0;n\x07dsh> ')
    expect(r.out.alternate).toBe(false)
    expect(r.take().text).toBe('dsh> vim\ndsh> ')
  })

  it('a long delta keeps head and tail and says which lines it left out', () => {
    const r = renderer({ maxReadBytes: 4096 })
    let raw = 'dsh> seq 1 5000\r\n'
    for (let i = 1; i <= 5000; i++) raw += `${i}\r\n`
    r.write(`${raw}dsh> `)
    const chunk = r.take()
    expect(utf8Length(chunk.text)).toBeLessThanOrEqual(4096)
    expect(chunk.truncated).toBe(true)
    const o = chunk.omission!
    const head = chunk.text.slice(0, o.at).split('\n')
    const tail = chunk.text.slice(o.at).split('\n')
    const lastHead = Number(head[head.length - 2])
    const firstTail = Number(tail[0])
    expect(chunk.text.startsWith('dsh> seq 1 5000\n1\n2\n')).toBe(true)
    expect(chunk.text.endsWith('4999\n5000\ndsh> ')).toBe(true)
    expect(o.lines).toBe(firstTail - lastHead - 1)
    // the read the marker names pages exactly the omitted lines (a page holds maxReadBytes:
    // it returns the newest of them, and lineEnd says where the next page starts)
    expect(o.readCount).toBe(o.lines)
    const page = r.out.read(o.readOffset, o.readCount)
    const want = Array.from({ length: o.lines }, (_, i) => String(lastHead + 1 + i))
    const got = page.text.split('\n')
    expect(got).toEqual(want.slice(want.length - got.length))
    const rest = r.out.read(page.lineEnd, o.readCount - got.length)
    expect(rest.text.split('\n').at(-1)).toBe(want[want.length - got.length - 1])
    let bytes = 0
    for (let i = lastHead + 1; i < firstTail; i++) bytes += String(i).length + 1
    expect(o.bytes).toBe(bytes)
  })

  it('lines that scrolled off stay out of the cursor\'s reach while they wait to be committed', () => {
    const r = renderer()
    for (let i = 0; i < 100; i++) r.write(`line-${i}\r\n`)
    // cursor up 200 stops on the screen's top row (line-61 of the last 40 rows), not on a committed line
    r.write('\x1b[200AZ')
    const all = r.all()
    expect(all).toContain('\nZine-61\n')
    expect(all).toContain('\nline-60\n')
  })

  it('a read past retention gives coherent numbers', () => {
    const r = renderer({ maxLines: 10 })
    for (let i = 0; i < 30; i++) r.write(`${i}\r\n`)
    const page = r.out.read(20_000, 3)
    expect(page).toMatchObject({ text: '', totalLines: 10, lineBegin: 10, lineEnd: 10, truncated: true })
  })
})

/** Tokens a fuzzer draws from: text (ASCII, wide, astral), line ends, redraws, in-line and vertical CSI. */
const INLINE = ['a', 'Z', ' ', 'é', '😀', '中', '\t', '\r', '\r\n', '\n', '\b', '\x1b[K', '\x1b[1K', '\x1b[2K', '\x1b[3D', '\x1b[2C', '\x1b[5G', '\x1b[2X', '\x1b[P', '\x1b[2@', '\x1b[31m', '\x1b[0m']
const VERTICAL = ['\x1b[A', '\x1b[3A', '\x1b[B', '\x1b[2;3H', '\x1b[H', '\x1b[J', '\x1b[2J', '\x1b7', '\x1b8', '\x1bM', '\x1b[?1049h', '\x1b[?1049l']
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

describe('renderer fuzz (fast-check)', () => {
  it('text only: every character is delivered exactly once, in order, whatever the chunks and takes', () => {
    fc.assert(fc.property(
      fc.array(fc.constantFrom('a', 'bc', 'é', '😀', '\n', '\r\n', '\t', 'x'.repeat(50)), { maxLength: 200 }),
      fc.array(fc.boolean(), { maxLength: 200 }),
      (pieces, takes) => {
        const r = renderer({ rows: 5, maxReadBytes: 1 << 20 })
        let seen = ''
        pieces.forEach((p, i) => {
          r.write(p)
          if (takes[i]) seen += r.take().text
        })
        seen += r.take().text
        expect(seen).toBe(pieces.join('').replaceAll('\r\n', '\n'))
      },
    ))
  })

  it('any output: bounded, valid UTF-8, never more lines than the input had', () => {
    fc.assert(fc.property(
      fc.array(fc.constantFrom(...INLINE, ...VERTICAL, 'x'.repeat(200)), { maxLength: 300 }),
      fc.array(fc.nat(6), { maxLength: 300 }),
      fc.boolean(),
      (pieces, points, vertical) => {
        const input = vertical ? pieces : pieces.filter((p) => !VERTICAL.includes(p))
        const r = renderer({ cols: 20, rows: 4, maxLines: 50, maxBytes: 2000, maxReadBytes: 300 })
        // newlines a take shows, plus the ones its omission stands for: an omission of N lines
        // holds N - 1 newlines (its first or last line may be partly shown, or end later)
        const counted = (chunk: { text: string, omission?: { lines: number } }) =>
          chunk.text.split('\n').length - 1 + (chunk.omission ? chunk.omission.lines - 1 : 0)
        let lines = 0
        let taken = 0
        input.forEach((p, i) => {
          r.write(p)
          if (points[i] !== 0) return
          const chunk = r.take()
          expect(utf8Length(chunk.text)).toBeLessThanOrEqual(300)
          expect(chunk.text).not.toMatch(LONE_SURROGATE)
          expect(chunk.text).not.toMatch(/[\x1b\r\b]/)
          taken += counted(chunk)
        })
        taken += counted(r.take())
        lines = input.join('').split('\n').length - 1
        if (!vertical) expect(taken).toBeLessThanOrEqual(lines)
        const page = r.out.read(0, undefined)
        expect(page.totalLines).toBeLessThanOrEqual(50)
        expect(page.text).not.toMatch(LONE_SURROGATE)
      },
    ))
  })

  it('the rendered lines do not depend on how the stream was cut into chunks', () => {
    fc.assert(fc.property(
      fc.array(fc.constantFrom(...INLINE, ...VERTICAL), { maxLength: 120 }),
      fc.array(fc.nat(400), { maxLength: 8 }),
      (pieces, cuts) => {
        const raw = pieces.join('')
        const whole = renderer({ cols: 20, rows: 4 })
        whole.write(raw)
        const split = renderer({ cols: 20, rows: 4 })
        let last = 0
        for (const cut of [...new Set(cuts.map((c) => Math.min(c, raw.length)))].sort((a, b) => a - b)) {
          split.write(raw.slice(last, cut))
          last = cut
        }
        split.write(raw.slice(last))
        expect(split.all()).toBe(whole.all())
      },
    ))
  })

  it('matches a slow per-character reference for in-line edits (no wrapping)', () => {
    /** A line-by-line terminal: CR, BS, LF, EL 0 only; lines shorter than the width. */
    function reference(chars: readonly string[]): string {
      const lines: string[][] = [[]]
      let col = 0
      for (const c of chars) {
        const line = lines[lines.length - 1]!
        if (c === '\r') col = 0
        else if (c === '\b') col = Math.max(0, col - 1)
        else if (c === '\n') { lines.push([]); col = 0 }
        else if (c === '\x1b[K') line.length = Math.min(line.length, col)
        else {
          while (line.length < col) line.push(' ')
          line[col++] = c
        }
      }
      return lines.map((l) => l.join('')).join('\n')
    }
    fc.assert(fc.property(fc.array(fc.constantFrom('a', 'b', ' ', '\r', '\b', '\n', '\x1b[K'), { maxLength: 80 }), (chars) => {
      const r = renderer({ cols: 200, rows: 3 })
      r.write(chars.join(''))
      expect(r.all()).toBe(reference(chars))
    }))
  })
})

describe('HeadTail', () => {
  it('keeps a head and a tail of whole lines and counts exactly the lines between (property)', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: 30 }), { minLength: 1, maxLength: 400 }), fc.integer({ min: 8, max: 200 }), (sizes, bound) => {
      const ht = new HeadTail(bound, bound * 3)
      const lines = sizes.map((n, i) => `${i}:${'x'.repeat(n)}\n`)
      for (const [i, line] of lines.entries()) ht.append(line, i)
      const { text, omission } = ht.take(lines.length)
      if (!omission) {
        expect(text).toBe(lines.join(''))
        return
      }
      const head = text.slice(0, omission.at)
      const tail = text.slice(omission.at)
      expect(lines.join('').startsWith(head)).toBe(true)
      expect(lines.join('').endsWith(tail)).toBe(true)
      const middle = lines.join('').slice(head.length, lines.join('').length - tail.length)
      expect(omission.bytes).toBe(utf8Length(middle))
      if (middle.endsWith('\n') && (head === '' || head.endsWith('\n'))) {
        expect(omission.firstLine).toBe(head.split('\n').length - 1)
        expect(omission.lastLine - omission.firstLine + 1).toBe(middle.split('\n').length - 1)
      }
      expect(utf8Length(text)).toBeLessThanOrEqual(bound * 4)
    }))
  })
})
