import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { boot, type Harness } from './fixtures/harness'
import { requireTool } from './fixtures/tools'

/**
 * Idle silence far above any interpreter's latency, so these sends can only settle
 * through the exact tier (the issue demands stdin_read for them).
 */
const EXACT_ONLY = { idleSilenceMs: 20_000, handoffGraceMs: 500, timeoutMs: 25_000 }

let h: Harness | undefined
afterEach(async () => {
  await h?.dispose()
  h = undefined
})

describe('interactive programs (real PTY)', () => {
  it('python3: a send settles stdin_read with the output in the same send', async () => {
    requireTool('python3', 'apt-get install python3')
    h = await boot(EXACT_ONLY)
    const id = await h.open()
    const start = await h.send(id, 'python3 -q')
    expect(start.waitReason).toBe('stdin_read')
    expect(start.viewport).toContain('>>> ')
    const r = await h.send(id, 'print(6*7)')
    expect(r.waitReason).toBe('stdin_read')
    expect(r.viewport).toContain('\n42\n')
    const state = await h.send(id, 'x = 40')
    expect(state.waitReason).toBe('stdin_read')
    const again = await h.send(id, 'print(x + 2 * 1)')
    expect(again.viewport).toContain('\n42\n')
    const back = await h.send(id, 'exit()')
    expect(back.viewport.endsWith('dsh> ')).toBe(true)
  })

  it('node: a send settles stdin_read with the output in the same send', async () => {
    requireTool('node', 'apt-get install nodejs')
    h = await boot(EXACT_ONLY)
    const id = await h.open()
    const start = await h.send(id, 'node')
    expect(start.waitReason).toBe('stdin_read')
    const r = await h.send(id, 'console.log(6*7)')
    expect(r.waitReason).toBe('stdin_read')
    expect(r.viewport).toContain('\n42\n')
  })

  it('gdb: a send settles stdin_read with the output in the same send', async () => {
    requireTool('gdb', 'apt-get install gdb')
    h = await boot(EXACT_ONLY)
    const id = await h.open()
    const start = await h.send(id, 'gdb -q -nx')
    expect(start.waitReason).toBe('stdin_read')
    expect(start.viewport).toContain('(gdb) ')
    const r = await h.send(id, 'print 6*7')
    expect(r.waitReason).toBe('stdin_read')
    expect(r.viewport).toContain('$1 = 42')
  })

  it('ed edits a file line by line', async () => {
    requireTool('ed', 'apt-get install ed')
    h = await boot(EXACT_ONLY)
    const file = join(h.workspace, 'notes.txt')
    writeFileSync(file, 'first line\n')
    const id = await h.open()
    const opened = await h.send(id, 'ed notes.txt')
    expect(opened.viewport).toContain('\n11\n')
    for (const line of ['a', 'second line', '.', ',n']) await h.send(id, line)
    const written = await h.send(id, 'w')
    // ed prints the byte count it wrote: not part of the echoed input
    expect(written.viewport).toContain('\n23\n')
    await h.send(id, 'q')
    expect(readFileSync(file, 'utf8')).toBe('first line\nsecond line\n')
  })

  it('bash read x waits for input and uses it', async () => {
    h = await boot(EXACT_ONLY)
    const id = await h.open()
    const waiting = await h.send(id, 'read x; echo "got-$x-$((1+1))"')
    expect(waiting.waitReason).toBe('stdin_read')
    expect(waiting.viewport).not.toMatch(/got-\w*-2/)
    const r = await h.send(id, 'hello')
    expect(r.viewport).toContain('got-hello-2')
  })

  it('python input() waits for input and uses it', async () => {
    requireTool('python3', 'apt-get install python3')
    h = await boot(EXACT_ONLY)
    const id = await h.open()
    const waiting = await h.send(id, `python3 -c 'x = input("name? "); print("hi-" + x.upper())'`)
    expect(waiting.waitReason).toBe('stdin_read')
    expect(waiting.viewport).toContain('name? ')
    const r = await h.send(id, 'bob')
    expect(r.viewport).toContain('hi-BOB')
  })
})
