import { describe, expect, it } from 'vitest'
import { SendOutput } from '../src/output/send-output'
import { TextQueue } from '../src/output/text-queue'
import { utf8Length } from '../src/output/utf8'

describe('TextQueue', () => {
  it('keeps the newest text within the byte bound', () => {
    const q = new TextQueue(5)
    q.append('abc')
    q.append('def')
    expect(q.dropped).toBe(true)
    expect(q.drain()).toBe('bcdef')
    const r = new TextQueue(4)
    r.append('é😀')
    expect(r.drain()).toBe('😀')
  })

  it('bounds many small appends', () => {
    const q = new TextQueue(10)
    for (let i = 0; i < 1000; i++) q.append(`${i % 10}`)
    expect(q.byteLength).toBe(10)
    expect(q.drain()).toBe('0123456789')
  })
})

describe('SendOutput', () => {
  it('readOutput consumes; the viewport is the unread remainder', () => {
    const out = new SendOutput(100)
    out.append('one ')
    expect(out.take()).toEqual({ text: 'one ', truncated: false })
    out.append('two')
    expect(out.viewport()).toEqual({ text: 'two', truncated: false })
  })

  it('reports truncation on the read that lost output and in the final viewport', () => {
    const out = new SendOutput(4)
    out.append('abcdef')
    expect(out.take()).toEqual({ text: 'cdef', truncated: true })
    out.append('g')
    const view = out.viewport()
    expect(view).toEqual({ text: 'g', truncated: true })
    expect(utf8Length(view.text)).toBeLessThanOrEqual(4)
  })
})
