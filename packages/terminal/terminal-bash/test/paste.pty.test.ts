import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { boot, type Harness, PROVEN_ONLY } from './fixtures/harness'
import { requireTool } from './fixtures/tools'

let h: Harness | undefined
afterEach(async () => {
  await h?.dispose()
  h = undefined
})

describe('text is written exactly as given (real PTY)', () => {
  it('a Makefile written through a heredoc keeps its TAB and builds', async () => {
    requireTool('make', 'apt-get install make')
    h = await boot(PROVEN_ONLY)
    const id = await h.open()
    const write = await h.send(id, "cat > Makefile <<'EOF'\nall:\n\techo built-$$((40+2))\nEOF")
    expect(write.waitReason).toBe('stdin_read')
    expect(readFileSync(join(h.workspace, 'Makefile'), 'utf8')).toBe('all:\n\techo built-$$((40+2))\n')
    const make = await h.send(id, 'make')
    expect(make.viewport).toContain('\nbuilt-42\n')
    expect(make.exitCode).toBe(0)
  })

  it('a TAB through a heredoc stays a TAB (readline does not complete it)', async () => {
    h = await boot(PROVEN_ONLY)
    const id = await h.open()
    const r = await h.send(id, "tr '\\t' '#' <<'EOF'\na\tb\nEOF")
    expect(r.viewport).toContain('\na#b\n')
    expect(r.exitCode).toBe(0)
  })

  it('a TAB stays a TAB after a command run with its own TERM (bash resets readline when TERM is restored)', async () => {
    requireTool('vim', 'apt-get install vim')
    h = await boot(PROVEN_ONLY)
    const id = await h.open()
    await h.send(id, 'TERM=xterm-256color true')
    const plain = await h.send(id, "tr '\\t' '#' <<'EOF'\na\tb\nEOF")
    expect(plain.viewport).toContain('\na#b\n')
    // a full-screen program started that way, then left: the next heredoc still keeps its TAB
    const vim = await h.send(id, 'TERM=xterm-256color vim v.txt')
    expect(vim.viewport).toContain('[screen snapshot')
    await h.send(id, ':q!')
    const after = await h.send(id, "tr '\\t' '#' <<'EOF'\nc\td\nEOF")
    expect(after.viewport).toContain('\nc#d\n')
  })

  it('a 5-line for loop and a heredoc in one send both run', async () => {
    h = await boot(PROVEN_ONLY)
    const id = await h.open()
    const r = await h.send(id, 'for i in 1 2 3; do\n  echo "loop-$((i*14))"\ndone\ncat <<EOF\nhd-$((6*7))\nEOF')
    expect(r.waitReason).toBe('stdin_read')
    expect(r.viewport).toContain('loop-14\nloop-28\nloop-42\n')
    expect(r.viewport).toContain('\nhd-42\n')
    expect(r.viewport.endsWith('dsh> ')).toBe(true)
    expect(r.notes).toBeUndefined()
  })

  it('key input is never pasted: ^C and a partial line still act as keys', async () => {
    h = await boot(PROVEN_ONLY)
    const id = await h.open()
    await h.send(id, 'echo "half-$((1+1))', false)
    const r = await h.send(id, '\u0003', false)
    expect(r.viewport.endsWith('dsh> ')).toBe(true)
    const next = await h.send(id, 'echo "whole-$((2+2))"')
    expect(next.viewport).toContain('whole-4')
    expect(next.viewport).not.toContain('half-2')
  })
})
