import { describe, expect, it } from 'vitest'
import { HIGH_WATER_CHARS, SLICE_CHARS } from '../src/spawn/output-flow'
import { openTerminal, requireTool } from './helpers'

const PYTHON = requireTool('/usr/bin/python3', 'apt-get install python3')
/** Flood size: many times the bound, so an unbounded backlog cannot go unnoticed. */
const FLOOD_BYTES = 16 * 1024 * 1024
/** The consumer acknowledges one chunk every this many event-loop turns (slower than the pty). */
const TURNS_PER_ACK = 3
/**
 * What may be outstanding at most: the high-water mark, plus what was already on its way when
 * the pty was paused (the slice in flight and node's stream read-ahead).
 */
const BACKLOG_BOUND = HIGH_WATER_CHARS + 2 * SLICE_CHARS

describe('back-pressure: a listener slower than the program', () => {
  it('keeps its unconsumed output bounded (the program waits in write), and still receives every byte in order', async () => {
    const acks: Array<() => void> = []
    let outstanding = 0
    let peak = 0
    let received = 0
    let tail = ''
    let done = false
    let ended: () => void = () => {}
    const end = new Promise<void>((resolve) => { ended = resolve })
    /** One acknowledgement, then TURNS_PER_ACK event-loop turns without one. */
    const consumer = () => {
      if (done) return
      acks.shift()?.()
      let wait = TURNS_PER_ACK
      const next = () => (--wait > 0 ? setImmediate(next) : consumer())
      setImmediate(next)
    }
    const script = `import sys; sys.stdout.write("x" * ${FLOOD_BYTES}); sys.stdout.write("<END-%d>" % (6*7)); sys.stdout.flush(); sys.stdin.readline()`
    const t = await openTerminal({ argv: [PYTHON, '-c', script] }, undefined, { keepText: false })
    t.handle.onData((chunk) => {
      received += (chunk.match(/x/g) ?? []).length
      tail = (tail + chunk).slice(-16)
      if (tail.endsWith('<END-42>')) ended()
      outstanding += chunk.length
      peak = Math.max(peak, outstanding)
      return new Promise<void>((resolve) => acks.push(() => { outstanding -= chunk.length; resolve() }))
    })
    consumer()
    await end
    done = true
    for (const ack of acks.splice(0)) ack()
    expect(received).toBe(FLOOD_BYTES)
    expect(tail.endsWith('<END-42>')).toBe(true)
    expect(peak).toBeLessThanOrEqual(BACKLOG_BOUND)
    await t.handle.write('\r')
    await t.handle.exited
  })
})
