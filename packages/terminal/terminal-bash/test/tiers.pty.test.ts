import { afterEach, describe, expect, it } from 'vitest'
import { boot, type Harness } from './fixtures/harness'

let h: Harness | undefined
afterEach(async () => {
  await h?.dispose()
  h = undefined
})

describe('readiness tiers (real PTY)', () => {
  it('a sleeping command gives inferred_idle and the session keeps running', async () => {
    h = await boot({ idleSilenceMs: 300, handoffGraceMs: 50, timeoutMs: 20_000 })
    const id = await h.open()
    const r = await h.send(id, 'sleep 5')
    expect(r.waitReason).toBe('inferred_idle')
    expect(r.sessionStatus).toEqual({ kind: 'running' })
    const listed = h.root.terminals.list(h.agent)
    expect(listed.map((s) => s.status)).toEqual([{ kind: 'running' }])
  })

  it('never-ending output gives timeout', async () => {
    h = await boot({ idleSilenceMs: 2_000, handoffGraceMs: 50, timeoutMs: 3_000 })
    const id = await h.open()
    const r = await h.send(id, 'while :; do echo "tick-$((3*3))"; sleep 0.05; done')
    expect(r.waitReason).toBe('timeout')
    expect(r.sessionStatus).toEqual({ kind: 'running' })
    expect(r.viewport).toContain('tick-9')
  })

  it('exit 3 gives session_exit with the code', async () => {
    h = await boot()
    const id = await h.open()
    const r = await h.send(id, 'exit 3')
    expect(r.waitReason).toBe('session_exit')
    expect(r.sessionStatus).toEqual({ kind: 'exited', exitCode: 3, signal: null })
    // scrollback stays readable after the exit
    const page = await h.root.terminals.read(h.agent, id, {})
    expect(page.text).toContain('exit 3')
  })

  it('a send to an exited session settles session_exit at once', async () => {
    h = await boot()
    const id = await h.open()
    await h.send(id, 'exit 0')
    const r = await h.send(id, 'echo nope')
    expect(r).toMatchObject({ waitReason: 'session_exit', sessionStatus: { kind: 'exited', exitCode: 0 } })
  })
})
