import { afterEach, describe, expect, it } from 'vitest'
import { boot, type Harness, waitFor } from './fixtures/harness'
import { alive } from './fixtures/tools'

let h: Harness | undefined
afterEach(async () => {
  await h?.dispose()
  h = undefined
})

describe('session lifecycle (real PTY)', () => {
  it('close removes a descendant that ignores SIGTERM and SIGHUP', async () => {
    h = await boot({ disposeGraceMs: 200 })
    const id = await h.open()
    const r = await h.send(id, `sh -c 'trap "" TERM HUP INT; exec sleep 1000' & echo "bg-pid=$!"`)
    const pid = Number(/bg-pid=(\d+)/.exec(r.viewport)?.[1])
    expect(pid).toBeGreaterThan(0)
    expect(alive(pid)).toBe(true)
    expect(await h.root.terminals.kill(h.agent, id)).toBe(true)
    expect(alive(pid)).toBe(false)
    expect(h.root.terminals.list(h.agent)).toEqual([])
  })

  it('closing an idle shell ends it and its session', async () => {
    h = await boot()
    const id = await h.open()
    const pid = h.root.terminals.list(h.agent)[0]!.pid!
    expect(alive(pid)).toBe(true)
    await h.root.terminals.kill(h.agent, id)
    expect(alive(pid)).toBe(false)
  })

  it('closing during a send settles it as session_exit', async () => {
    h = await boot({ idleSilenceMs: 20_000, timeoutMs: 25_000 })
    const id = await h.open()
    const op = h.root.terminals.startSend(h.agent, id, { text: 'sleep 100', submit: true })
    await waitFor('the echoed command', () => op.readOutput().text.includes('sleep 100'))
    await h.root.terminals.kill(h.agent, id)
    const r = await op.done
    expect(r.waitReason).toBe('session_exit')
    expect(r.sessionStatus.kind).toBe('exited')
  })

  it('a shell that exits during startup rejects the open', async () => {
    h = await boot({ shellPath: '/bin/sh', shellArgs: ['-c', 'echo "broken-$((2+3))"; exit 4'] })
    await expect(h.root.terminals.spawn(h.agent, { type: 'shell' })).rejects.toMatchObject({
      code: 'STARTUP_EXITED',
      message: expect.stringMatching(/exited with code 4.*broken-5/),
    })
    expect(h.root.terminals.list(h.agent)).toEqual([])
  })

  it('a shell that never prompts rejects after timeoutMs (silence is not readiness)', async () => {
    h = await boot({ shellPath: '/bin/sleep', shellArgs: ['100'], timeoutMs: 300, idleSilenceMs: 100, handoffGraceMs: 50 })
    await expect(h.root.terminals.spawn(h.agent, { type: 'shell' })).rejects.toMatchObject({
      code: 'STARTUP_TIMEOUT',
      message: expect.stringContaining('printed nothing'),
    })
  })

  it('caller cancellation during startup closes the half-started shell and rejects with the exact reason', async () => {
    h = await boot({ shellPath: '/bin/sleep', shellArgs: ['100'] })
    const controller = new AbortController()
    const reason = new Error('caller went away')
    const spawning = h.root.terminals.spawn(h.agent, { type: 'shell' }, controller.signal)
    const outcome = expect(spawning).rejects.toBe(reason)
    setImmediate(() => controller.abort(reason))
    await outcome
    expect(h.root.terminals.list(h.agent)).toEqual([])
  })

  it('a missing working directory fails the open', async () => {
    h = await boot()
    await expect(h.root.terminals.spawn(h.agent, { type: 'shell', cwd: 'does/not/exist' })).rejects.toMatchObject({ code: 'BAD_CWD' })
  })

  it('ending the agent closes its sessions', async () => {
    h = await boot()
    await h.open()
    const pid = h.root.terminals.list(h.agent)[0]!.pid!
    await h.root.agents.dispose(h.agent)
    expect(alive(pid)).toBe(false)
  })
})
