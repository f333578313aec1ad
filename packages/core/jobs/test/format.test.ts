import { describe, expect, it } from 'vitest'
import { formatJobOutput, statusLine, TRUNCATION_MARKER } from '../src'
import { OutputBuffer } from '../src/output-buffer'

const bytes = (s: string) => new TextEncoder().encode(s).length

describe('job output text', () => {
  it('is the output, then the status line with or without detail', () => {
    expect(statusLine({ status: 'running' })).toBe('[status: running]')
    expect(formatJobOutput('hello\n', false, { status: 'completed', detail: 'wait: stdin_read' }, 1000))
      .toBe('hello\n[status: completed, wait: stdin_read]')
    expect(formatJobOutput('', false, { status: 'running' }, 1000)).toBe('(no new output)\n[status: running]')
  })

  it('marks output the retention bound dropped', () => {
    expect(formatJobOutput('tail', true, { status: 'running' }, 1000)).toBe(`tail\n[status: running]\n${TRUNCATION_MARKER}`)
  })

  it('cuts the body keeping its tail, keeps the status line, never splits a code point', () => {
    const body = `first line\n${'日本語😀'.repeat(40)}\nLAST`
    const job = { status: 'completed' as const, detail: 'wait: inferred_idle' }
    for (let max = 64; max <= 200; max++) {
      const text = formatJobOutput(body, false, job, max)
      expect(bytes(text)).toBeLessThanOrEqual(max)
      expect(text.endsWith(`\n[status: completed, wait: inferred_idle]\n${TRUNCATION_MARKER}`)).toBe(true)
      const kept = text.slice(0, text.indexOf('\n[status:'))
      expect(body.endsWith(kept)).toBe(true)
      expect(kept).not.toMatch(/^[\udc00-\udfff]/)
      expect(text).not.toContain('\ufffd')
    }
  })

  it('keeps the head of the status text when even it does not fit', () => {
    const text = formatJobOutput('out', false, { status: 'failed', detail: 'x'.repeat(100) }, 64)
    expect(bytes(text)).toBeLessThanOrEqual(64)
    expect(text.startsWith('[status: failed, xxx')).toBe(true)
  })
})

describe('OutputBuffer', () => {
  it('keeps the newest bytes, flags the loss until the next take', () => {
    const buffer = new OutputBuffer(8)
    buffer.append('abcd')
    buffer.append('éfgh😀')
    expect(buffer.peek()).toEqual({ output: 'fgh😀', dropped: true })
    expect(buffer.take()).toEqual({ output: 'fgh😀', dropped: true })
    expect(buffer.take()).toEqual({ output: '', dropped: false })
  })
})
