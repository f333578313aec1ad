import type { ForegroundInspection } from 'dsh-subprocess'
import { describe, expect, it } from 'vitest'
import { PACE_CHUNK_BYTES, splitUtf8, writePaced } from '../src/session/paced-write'
import { fg } from './fakes/fake-foreground'
import { FakeScheduler } from './fakes/fake-scheduler'

describe('splitUtf8', () => {
  it('cuts on code points within the byte bound', () => {
    expect(splitUtf8('abcdef', 4)).toEqual(['abcd', 'ef'])
    expect(splitUtf8('ééé', 4)).toEqual(['éé', 'é'])
    expect(splitUtf8('😀x', 2)).toEqual(['😀', 'x'])
    expect(splitUtf8('', 4)).toEqual([])
  })
})

describe('writePaced', () => {
  /** A reader that consumes `perPoll` bytes between polls once it is reading. */
  function world(perPoll: number, counters = true) {
    const clock = new FakeScheduler()
    const writes: string[] = []
    let rchar = 0
    let pending = 0
    let stop = false
    const inspect = async (): Promise<ForegroundInspection> => {
      const take = Math.min(pending, perPoll)
      pending -= take
      rchar += take
      return fg('waiting', { rchar, counters })
    }
    const options = {
      scheduler: clock,
      write: async (data: string) => { writes.push(data); pending += Buffer.byteLength(data) },
      inspect,
      stopped: () => stop,
    }
    return { clock, writes, options, stopNow: () => { stop = true } }
  }

  it('short text is one write', async () => {
    const w = world(100)
    expect(await writePaced('echo hi\r', w.options)).toBe(8)
    expect(w.writes).toEqual(['echo hi\r'])
  })

  it('long text goes chunk by chunk, each once the reader consumed the one before', async () => {
    const w = world(1024)
    const text = 'x'.repeat(PACE_CHUNK_BYTES * 2 + 10)
    const done = writePaced(text, w.options)
    await w.clock.advance(0)
    expect(w.writes.length).toBe(1)
    // the reader needs four polls for a chunk
    for (let i = 0; i < 3; i++) await w.clock.advance(2)
    expect(w.writes.length).toBe(1)
    for (let i = 0; i < 20; i++) await w.clock.advance(2)
    expect(await done).toBe(text.length)
    expect(w.writes.join('')).toBe(text)
    expect(w.writes.length).toBe(3)
  })

  it('a reader that stops reading holds the rest back; stopping ends the write short', async () => {
    const w = world(0)
    const text = 'y'.repeat(PACE_CHUNK_BYTES * 3)
    const done = writePaced(text, w.options)
    for (let i = 0; i < 50; i++) await w.clock.advance(2)
    expect(w.writes.length).toBe(1)
    w.stopNow()
    await w.clock.advance(2)
    expect(await done).toBe(PACE_CHUNK_BYTES)
  })

  it('without counters the rest is written at once', async () => {
    const w = world(0, false)
    const text = 'z'.repeat(PACE_CHUNK_BYTES * 3)
    const done = writePaced(text, w.options)
    for (let i = 0; i < 5; i++) await w.clock.advance(2)
    expect(await done).toBe(text.length)
    expect(w.writes.join('')).toBe(text)
  })
})
