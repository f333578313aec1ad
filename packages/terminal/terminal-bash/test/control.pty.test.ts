import { afterEach, describe, expect, it } from 'vitest'
import { boot, type Harness, PROVEN_ONLY } from './fixtures/harness'
import { requireTool } from './fixtures/tools'

let h: Harness | undefined
afterEach(async () => {
  await h?.dispose()
  h = undefined
})

describe('control input settles at once (real PTY)', () => {
  it('^C at the bash prompt: the shell discards the line and prompts again', async () => {
    h = await boot(PROVEN_ONLY)
    const id = await h.open()
    await h.send(id, 'echo typed-$((6*7))', false)
    const r = await h.send(id, '\u0003', false)
    expect(r.waitReason).toBe('stdin_read')
    expect(r.viewport).toContain('^C')
    expect(r.viewport.endsWith('dsh> ')).toBe(true)
    expect(r.exitCode).toBe(130)
    // the discarded line never runs
    const next = await h.send(id, 'echo "next-$((1+1))"')
    expect(next.viewport).toContain('next-2')
    expect(next.viewport).not.toContain('typed-42')
  })

  it('^C at the python prompt settles with its KeyboardInterrupt', async () => {
    requireTool('python3', 'apt-get install python3')
    h = await boot(PROVEN_ONLY)
    const id = await h.open()
    expect((await h.send(id, 'python3 -q')).viewport).toContain('>>> ')
    const r = await h.send(id, '\u0003', false)
    expect(r.waitReason).toBe('stdin_read')
    expect(r.viewport).toContain('KeyboardInterrupt')
    expect(r.viewport.endsWith('>>> ')).toBe(true)
    const after = await h.send(id, 'print(6*7)')
    expect(after.viewport).toContain('\n42\n')
  })

  it('line editing in canonical mode: the program reads the edited line', async () => {
    h = await boot(PROVEN_ONLY)
    const id = await h.open()
    await h.send(id, 'tr a-z A-Z')
    // "ab", erase, "c": tr reads "ac" and prints "AC"; a killed line and a word erase too
    const r = await h.send(id, 'ab\u007fc')
    expect(r.waitReason).toBe('stdin_read')
    expect(r.viewport).toContain('AC\n')
    const killed = await h.send(id, 'junk\u0015ok one\u0017two')
    expect(killed.waitReason).toBe('stdin_read')
    expect(killed.viewport).toContain('OK TWO\n')
    const end = await h.send(id, '\u0004', false)
    expect(end.viewport.endsWith('dsh> ')).toBe(true)
  })

  it('a continuation prompt settles at once with a note; ^C there returns to the prompt', async () => {
    h = await boot(PROVEN_ONLY)
    const id = await h.open()
    const open = await h.send(id, 'echo "abc')
    expect(open.waitReason).toBe('stdin_read')
    expect(open.notes).toEqual([{ kind: 'continuation' }])
    expect(open.exitCode).toBeUndefined()
    const cancelled = await h.send(id, '\u0003', false)
    expect(cancelled.waitReason).toBe('stdin_read')
    expect(cancelled.viewport.endsWith('dsh> ')).toBe(true)
    expect(cancelled.notes).toBeUndefined()
    const loop = await h.send(id, 'for i in 1 2; do')
    expect(loop.notes).toEqual([{ kind: 'continuation' }])
    expect((await h.send(id, 'echo "n-$((i*21))"')).notes).toEqual([{ kind: 'continuation' }])
    const done = await h.send(id, 'done')
    expect(done.waitReason).toBe('stdin_read')
    expect(done.viewport).toContain('n-21\nn-42\n')
    expect(done.notes).toBeUndefined()
    expect(done.exitCode).toBe(0)
  })
})

describe('a cancel really cancels (real PTY)', () => {
  for (const delayMs of [0, 1, 2, 5, 20]) {
    it(`cancelled ${delayMs} ms after the write: the command never runs later`, async () => {
      h = await boot(PROVEN_ONLY)
      const id = await h.open()
      const controller = new AbortController()
      const op = h.root.terminals.startSend(h.agent, id, { text: 'sleep 2; echo "SLEPT-$((40+2))"', submit: true, signal: controller.signal })
      // the cancel's delay after the write is the case under test (the 0-20 ms),
      // not a wait for an event: every assertion below is on the shell's own output
      if (delayMs === 0) controller.abort()
      else setTimeout(() => controller.abort(), delayMs)
      const cancelled = await op.done
      expect(cancelled.sessionStatus).toEqual({ kind: 'running' })
      expect(cancelled.viewport).not.toContain('SLEPT-42')
      // the session is free and the shell at its prompt: the next command runs at once and
      // nothing of the cancelled one comes before it
      const next = await h.send(id, 'echo "next-$((1+1))"')
      expect(next.waitReason).toBe('stdin_read')
      expect(next.viewport).toContain('next-2')
      expect(next.viewport).not.toContain('SLEPT-42')
    })
  }
})
