import { describe, expect, it } from 'vitest'
import { HIGH_WATER_CHARS, LOW_WATER_CHARS, OutputFlow, SLICE_CHARS, safeCut } from '../src/spawn/output-flow'

/** A flow over a fake pty with a manual event loop: `turn()` runs the scheduled turns. */
function rig(consume: 'sync' | 'promise' = 'sync') {
  const log: string[] = []
  const delivered: string[] = []
  const acks: Array<() => void> = []
  let turns: Array<() => void> = []
  const flow = new OutputFlow(
    { pause: () => log.push('pause'), resume: () => log.push('resume') },
    (chunk) => {
      delivered.push(chunk)
      if (consume === 'sync') return undefined
      return [new Promise<void>((resolve) => acks.push(resolve))]
    },
    (fn) => turns.push(fn),
  )
  const turn = () => {
    const now = turns
    turns = []
    for (const fn of now) fn()
  }
  return { flow, log, delivered, acks, turn }
}

describe('OutputFlow', () => {
  it('delivers small chunks at once, in order', () => {
    const { flow, delivered } = rig()
    flow.push('a')
    flow.push('b')
    expect(delivered).toEqual(['a', 'b'])
  })

  it('delivers at most SLICE_CHARS per turn; a burst goes out over later turns, in order', async () => {
    const { flow, delivered, turn } = rig()
    const burst = 'x'.repeat(3 * SLICE_CHARS + 10)
    flow.push(burst)
    flow.push('tail')
    expect(delivered.join('').length).toBe(0)
    const perTurn: number[] = []
    for (let i = 0; i < 5; i++) {
      const before = delivered.join('').length
      turn()
      perTurn.push(delivered.join('').length - before)
    }
    expect(Math.max(...perTurn)).toBeLessThanOrEqual(SLICE_CHARS)
    expect(delivered.join('')).toBe(`${burst}tail`)
    await flow.idle()
  })

  it('pauses the pty while unconsumed output is over HIGH_WATER_CHARS and resumes at LOW_WATER_CHARS', async () => {
    const { flow, log, acks, turn } = rig('promise')
    const chunk = 'y'.repeat(4096)
    let pushed = 0
    while (!flow.isPaused) {
      flow.push(chunk)
      pushed += chunk.length
      turn()
    }
    expect(log).toEqual(['pause'])
    expect(pushed).toBeGreaterThan(HIGH_WATER_CHARS)
    expect(flow.backlog).toBeLessThanOrEqual(HIGH_WATER_CHARS + chunk.length)
    while (flow.backlog > LOW_WATER_CHARS) {
      acks.shift()!()
      await Promise.resolve()
      await Promise.resolve()
    }
    expect(log).toEqual(['pause', 'resume'])
  })

  it('after release() it never pauses again, whatever the backlog', () => {
    const { flow, log, turn } = rig('promise')
    flow.release()
    for (let i = 0; i < 200; i++) {
      flow.push('z'.repeat(4096))
      turn()
    }
    expect(flow.backlog).toBeGreaterThan(HIGH_WATER_CHARS)
    expect(log).toEqual([])
  })

  it('release() resumes a paused pty', () => {
    const { flow, log, turn } = rig('promise')
    while (!flow.isPaused) {
      flow.push('q'.repeat(4096))
      turn()
    }
    flow.release()
    expect(log).toEqual(['pause', 'resume'])
  })

  it('never cuts a surrogate pair', () => {
    expect(safeCut('ab\u{1F600}', 3)).toBe(2)
    expect(safeCut('ab\u{1F600}', 4)).toBe(4)
    expect(safeCut('\u{1F600}', 1)).toBe(2)
    const { flow, delivered, turn } = rig()
    const text = '\u{1F600}'.repeat(SLICE_CHARS)
    flow.push(text)
    for (let i = 0; i < 4; i++) turn()
    expect(delivered.join('')).toBe(text)
    expect(delivered.every((c) => !/[\uD800-\uDBFF]$/.test(c))).toBe(true)
  })
})
