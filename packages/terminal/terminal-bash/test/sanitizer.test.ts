import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MAX_CSI_LENGTH, MAX_STRING_LENGTH, type SanitizedPiece, StreamSanitizer } from '../src/output/sanitizer'

/** Sanitize chunks in order; returns the text and the OSC payloads. */
function run(chunks: readonly string[]) {
  const s = new StreamSanitizer()
  const pieces: SanitizedPiece[] = []
  for (const c of chunks) pieces.push(...s.push(c))
  pieces.push(...s.flush())
  return {
    text: pieces.flatMap((p) => (p.kind === 'text' ? [p.text] : [])).join(''),
    osc: pieces.flatMap((p) => (p.kind === 'osc' ? [p.payload] : [])),
    pieces,
  }
}

/** Pieces with adjacent text pieces joined (chunk boundaries split text runs). */
function merged(pieces: readonly SanitizedPiece[]): SanitizedPiece[] {
  const out: SanitizedPiece[] = []
  for (const p of pieces) {
    const last = out[out.length - 1]
    if (p.kind === 'text' && last?.kind === 'text') out[out.length - 1] = { kind: 'text', text: last.text + p.text }
    else out.push(p)
  }
  return out
}

/** Every way to cut `input` in two. */
function splits(input: string): string[][] {
  return Array.from({ length: input.length + 1 }, (_, i) => [input.slice(0, i), input.slice(i)])
}

describe('StreamSanitizer', () => {
  it('removes CSI, OSC, DCS and two-character escapes', () => {
    const raw = 'a\x1b[31;1mred\x1b[0m \x1b]0;title\x07b\x1bPq#0;2\x1b\\c\x1b7d\x1b(Be\x1b[?2004hf'
    expect(run([raw]).text).toBe('ared bcdef')
    expect(run([raw]).osc).toEqual(['0;title'])
  })

  it('gives the same result however a sequence is split across chunks', () => {
    const raw = 'x\x1b[38;5;196my\x1b]133;D;0;n\x1b\\z\r\nw\x1b]8;;http://e\x07link\x1b]8;;\x07'
    const whole = run([raw])
    expect(whole.text).toBe('xyz\nwlink')
    for (const parts of splits(raw)) {
      const split = run(parts)
      expect(split.text).toBe(whole.text)
      expect(split.osc).toEqual(whole.osc)
    }
  })

  it('turns a CRLF split across chunks into one newline', () => {
    expect(run(['line1\r', '\nline2']).text).toBe('line1\nline2')
    expect(run(['a\r', '\r\n', 'b']).text).toBe('a\nb')
  })

  it('hands a lone CR out as a control, before whatever follows it', () => {
    expect(merged(run(['10%\r20%\r', '30%\n']).pieces)).toEqual([
      { kind: 'text', text: '10%' }, { kind: 'cr' }, { kind: 'text', text: '20%' }, { kind: 'cr' }, { kind: 'text', text: '30%\n' },
    ])
    // a CR before an escape is resolved before it; CR CR LF is one lone CR and a newline
    expect(merged(run(['abc\r\x1b[K', 'def']).pieces)).toEqual([
      { kind: 'text', text: 'abc' }, { kind: 'cr' }, { kind: 'csi', params: '', final: 'K' }, { kind: 'text', text: 'def' },
    ])
    expect(merged(run(['a\r', '\r\nb']).pieces)).toEqual([{ kind: 'text', text: 'a' }, { kind: 'cr' }, { kind: 'text', text: '\nb' }])
    expect(run(['end\r']).pieces).toEqual([{ kind: 'text', text: 'end' }, { kind: 'cr' }])
  })

  it('hands out backspace, CSI (with private prefixes) and two-character escapes', () => {
    expect(run(['ab\b\x1b[?1049h\x1b[3;4H\x1b7x\x1b8']).pieces).toEqual([
      { kind: 'text', text: 'ab' }, { kind: 'bs' }, { kind: 'csi', params: '?1049', final: 'h' },
      { kind: 'csi', params: '3;4', final: 'H' }, { kind: 'esc', final: '7' }, { kind: 'text', text: 'x' }, { kind: 'esc', final: '8' },
    ])
  })

  it('drops C0/C1 controls but keeps tabs and replacement characters', () => {
    expect(run(['a\x07b\x0bc\x00d\u0085e\tf\uFFFDg']).text).toBe('abcde\tf\uFFFDg')
  })

  it('hands OSC payloads out in stream order between text pieces', () => {
    expect(run(['before\x1b]133;D;0;n\x07dsh> ']).pieces).toEqual([
      { kind: 'text', text: 'before' },
      { kind: 'osc', payload: '133;D;0;n' },
      { kind: 'text', text: 'dsh> ' },
    ])
  })

  it('an ESC inside an OSC aborts it and starts a new sequence', () => {
    expect(run(['a\x1b]0;never\x1b[1mb']).text).toBe('ab')
    expect(run(['a\x1b]0;never\x1b[1mb']).osc).toEqual([])
  })

  it('drops a pending OSC that outgrows its bound and reads on as text', () => {
    const long = 'x'.repeat(MAX_STRING_LENGTH + 10)
    const out = run(['a\x1b]', long, 'tail\n'])
    expect(out.osc).toEqual([])
    expect(out.text.startsWith('a')).toBe(true)
    expect(out.text.endsWith('tail\n')).toBe(true)
    // nothing of the kept part of the sequence leaks: only what followed the bound
    expect(out.text.length).toBeLessThan(long.length)
  })

  it('drops an overlong CSI without emitting it', () => {
    const out = run([`a\x1b[${'1;'.repeat(MAX_CSI_LENGTH)}mb`])
    expect(out.text.startsWith('a')).toBe(true)
    expect(out.text.endsWith('b')).toBe(true)
    expect(out.text).not.toContain('\x1b')
  })

  it('text never holds ESC, CR or other controls, and the pieces are chunking-invariant (property)', () => {
    const alphabet = fc.constantFrom('a', 'Z', ' ', '\r', '\n', '\x1b', '[', ']', '1', ';', 'm', '\x07', '\\', 'P', '\uFFFD', 'é', '😀', '\t', '\b', '?')
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 60 }), fc.array(fc.nat(60), { maxLength: 5 }), (chars, cuts) => {
        const raw = chars.join('')
        const points = [...new Set(cuts.map((c) => Math.min(c, raw.length)))].sort((a, b) => a - b)
        const chunks: string[] = []
        let last = 0
        for (const p of points) { chunks.push(raw.slice(last, p)); last = p }
        chunks.push(raw.slice(last))
        const whole = run([raw])
        const split = run(chunks)
        expect(merged(split.pieces)).toEqual(merged(whole.pieces))
        expect(whole.text).not.toMatch(/[\x1b\r\x00-\x08\x0b-\x1f]/)
      }),
    )
  })
})

describe('characters split across chunks', () => {
  it('a surrogate pair cut between chunks is delivered whole, wherever the cut falls', () => {
    const input = 'a😀\x1b[2X😀b\r\n中😀'
    const whole = merged(run([input]).pieces)
    for (const parts of splits(input)) {
      const { pieces } = run(parts)
      expect(merged(pieces)).toEqual(whole)
      for (const p of pieces) if (p.kind === 'text') expect(p.text).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/)
    }
  })

  it('a high surrogate left at the end of the stream becomes U+FFFD', () => {
    expect(run(['ok\uD83D']).text).toBe('ok\uFFFD')
  })
})

