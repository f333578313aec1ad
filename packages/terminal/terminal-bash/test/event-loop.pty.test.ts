import { afterEach, describe, expect, it } from 'vitest'
import { boot, type Harness, PROVEN_ONLY } from './fixtures/harness'
import { requireTool } from './fixtures/tools'

let h: Harness | undefined
afterEach(async () => {
  await h?.dispose()
  h = undefined
})

describe('event-loop programs with work pending settle with the answer (real PTY)', () => {
  it('node: an awaited timer answers in the same send', async () => {
    requireTool('node', 'apt-get install nodejs')
    h = await boot(PROVEN_ONLY)
    const id = await h.open()
    expect((await h.send(id, 'node')).viewport).toContain('> ')
    // node waits in epoll with the terminal among its other fds while the promise is pending
    const r = await h.send(id, 'await new Promise((r) => setTimeout(() => r("do" + "ne"), 300))')
    expect(r.waitReason).toBe('stdin_read')
    expect(r.viewport).toContain("'done'")
    expect(r.viewport.endsWith('> ')).toBe(true)
    // and a plain expression still settles on its prompt
    const quick = await h.send(id, '6 * 7')
    expect(quick.viewport).toContain('42\n')
    expect((await h.send(id, '.exit')).viewport.endsWith('dsh> ')).toBe(true)
  })

  it('python asyncio REPL: an awaited sleep answers in the same send', async () => {
    requireTool('python3', 'apt-get install python3')
    h = await boot(PROVEN_ONLY)
    const id = await h.open()
    expect((await h.send(id, 'python3 -q -m asyncio')).viewport).toContain('>>> ')
    const r = await h.send(id, 'await asyncio.sleep(0.3); print("as" + "ync-done")')
    expect(r.waitReason).toBe('stdin_read')
    expect(r.viewport).toContain('async-done\n')
    expect(r.viewport.endsWith('>>> ')).toBe(true)
    await h.send(id, 'exit()')
  })
})
