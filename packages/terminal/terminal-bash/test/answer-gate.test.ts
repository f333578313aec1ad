import { describe, expect, it } from 'vitest'
import { parseSttyG } from '../src/readiness/termios'
import { AnswerGate, MAX_PENDING_ANSWER_BYTES } from '../src/session/answer-gate'

/** `stty -g` of a raw pty (ICANON off). */
const RAW = '0:5:bf:8a39:3:1c:7f:15:4:0:1:0:11:13:1a:0:12:f:17:16:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0'
const CPR = '\x1b[40;1R'

function gate() {
  const written: string[] = []
  let release: (() => void) | undefined
  const g = new AnswerGate({
    termios: async () => parseSttyG(RAW),
    flushOutput: async () => true,
    shellAtPrompt: () => false,
    // the pty is full: a write settles only when the test says so
    write: (answers) => { written.push(answers); return new Promise<void>((resolve) => { release = resolve }) },
    closed: () => false,
    deciding: () => {},
  })
  return { g, written, release: () => release?.() }
}

const until = async (what: () => boolean) => { for (let i = 0; i < 100 && !what(); i++) await new Promise((r) => setTimeout(r, 1)) }

describe('AnswerGate: a query flood cannot grow the host', () => {
  it('writes one batch at a time, and at most MAX_PENDING_ANSWER_BYTES wait meanwhile; the rest are dropped', async () => {
    const t = gate()
    t.g.reply(CPR)
    await until(() => t.written.length === 1)
    expect(t.written).toEqual([CPR])
    // the program asks 100,000 times more while the first answer is still being written
    for (let i = 0; i < 100_000; i++) t.g.reply(CPR)
    const kept = Math.floor(MAX_PENDING_ANSWER_BYTES / CPR.length)
    expect(t.g.dropped).toBe(100_000 - kept)
    expect(t.written).toHaveLength(1)
    t.release()
    await until(() => t.written.length === 2)
    expect(t.written[1]).toBe(CPR.repeat(kept))
    t.release()
    await until(() => !t.g.busy)
    expect(t.g.busy).toBe(false)
  })
})
