import { afterEach, describe, expect, it } from 'vitest'
import { boot, type Harness, waitFor } from './fixtures/harness'
import { requireTool } from './fixtures/tools'

/** Settle quickly once a foreground program is busy (it will not reach a prompt). */
const SHORT_IDLE = { idleSilenceMs: 300, handoffGraceMs: 50, timeoutMs: 20_000 }

let h: Harness | undefined

/** Wait until the session's scrollback shows `token` (the program is where we want it). */
async function shown(id: Parameters<Harness['send']>[0], token: string): Promise<void> {
  await waitFor(`"${token}" in the scrollback`, async () => (await h!.root.terminals.read(h!.agent, id, {})).text.includes(token))
}
afterEach(async () => {
  await h?.dispose()
  h = undefined
})

describe('signals (real PTY)', () => {
  it('SIGINT reaches the foreground sleep; the shell survives', async () => {
    h = await boot(SHORT_IDLE)
    const id = await h.open()
    // the token is printed right before the exec, so the SIGINT hits sh or sleep: both die of it
    expect((await h.send(id, `sh -c 'echo "sleeping-$((1+1))"; exec sleep 100'`)).waitReason).toBe('inferred_idle')
    await shown(id, 'sleeping-2')
    const delivered = await h.root.terminals.signal(h.agent, id, 'SIGINT')
    expect(delivered.delivered).toBe(true)
    const r = await h.send(id, 'echo "status-$?"')
    expect(r.viewport).toContain('status-130')
  })

  it('SIGINT reaches a raw-mode python that disabled ISIG', async () => {
    requireTool('python3', 'apt-get install python3')
    h = await boot(SHORT_IDLE)
    const id = await h.open()
    const started = await h.send(id, `python3 -c 'import sys, time, tty; tty.setraw(0); print("raw-" + "on", flush=True); time.sleep(100)'`)
    expect(started.waitReason).toBe('inferred_idle')
    await shown(id, 'raw-on')
    await h.root.terminals.signal(h.agent, id, 'SIGINT')
    const r = await h.send(id, 'stty sane; echo "status-$?-back"')
    expect(r.viewport).toContain('status-0-back')
    const check = await h.send(id, 'echo "py-$(pgrep -f raw-\\" | wc -l)"')
    expect(check.viewport).toContain('py-0')
  })

  it('SIGINT is delivered after stty -isig', async () => {
    h = await boot(SHORT_IDLE)
    const id = await h.open()
    await h.send(id, `stty -isig; sh -c 'echo "isig-$((2+2))"; exec sleep 100'`)
    await shown(id, 'isig-4')
    await h.root.terminals.signal(h.agent, id, 'SIGINT')
    const r = await h.send(id, 'echo "after-$?"; stty sane')
    expect(r.viewport).toContain('after-130')
  })

  it('cancelling a send interrupts the foreground program and releases the session', async () => {
    h = await boot({ idleSilenceMs: 20_000, handoffGraceMs: 50, timeoutMs: 25_000 })
    const id = await h.open()
    const controller = new AbortController()
    const op = h.root.terminals.startSend(h.agent, id, { text: 'sleep 100', submit: true, signal: controller.signal })
    // cancel once the shell read the command (a deadline bounds the wait)
    let seen = ''
    await waitFor('the shell to read the command', () => {
      seen += op.readOutput().text
      return seen.includes('sleep 100\n')
    })
    controller.abort(new Error('caller cancelled'))
    const cancelled = await op.done
    expect(cancelled.sessionStatus).toEqual({ kind: 'running' })
    // the sleep died of the SIGINT: the shell reports 130 for it
    const r = await h.send(id, 'echo "next-$?"')
    expect(r.viewport).toContain('next-130')
  })

  it('SIGKILL to the shell itself is refused with a pointer to terminal_close', async () => {
    h = await boot()
    const id = await h.open()
    await expect(h.root.terminals.signal(h.agent, id, 'SIGKILL')).rejects.toMatchObject({
      code: 'SHELL_SIGKILL',
      message: expect.stringContaining('terminal_close'),
    })
    const r = await h.send(id, 'echo "alive-$((1+1))"')
    expect(r.viewport).toContain('alive-2')
  })

  it('an unsupported signal is refused and nothing is signalled', async () => {
    h = await boot()
    const id = await h.open()
    await expect(h.root.terminals.signal(h.agent, id, 'SIGUSR1' as 'SIGINT')).rejects.toThrow(/SIGINT, SIGTERM, SIGKILL, SIGTSTP, SIGHUP/)
  })
})
