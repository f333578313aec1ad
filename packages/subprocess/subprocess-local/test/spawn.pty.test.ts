import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { BASH, BASH_ENV, fixture, openTerminal, requireTool } from './helpers'

const PYTHON = requireTool('/usr/bin/python3', 'apt-get install python3')
const dir = mkdtempSync(join(tmpdir(), 'dsh-subprocess-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('output', () => {
  it.each([1, 2, 3, 4, 5])('delivers all 64 KiB a program writes right before it exits (run %i)', async () => {
    const t = await openTerminal({ argv: [PYTHON, fixture('flood.py')] })
    const exit = await t.handle.exited
    expect(exit).toEqual({ exitCode: 0, signal: null })
    const text = t.text()
    expect(text.slice(-20)).toBe('xxxxxx<END-OF-FLOOD>')
    expect(text.length - '<END-OF-FLOOD>'.length).toBe(65536)
  })

  it('decodes UTF-8 split across reads', async () => {
    const t = await openTerminal({ argv: [PYTHON, '-c', 'import sys; sys.stdout.write("é€😀" * 5000 + "|END")'] })
    await t.handle.exited
    expect(t.text()).toBe(`${'é€😀'.repeat(5000)}|END`)
  })
})

describe('environment', () => {
  it('a real shell sees the scrubbed host environment plus the overrides', async () => {
    const saved = { ...process.env }
    Object.assign(process.env, { GITHUB_TOKEN: 'leak-1', AWS_SECRET_ACCESS_KEY: 'leak-2', DB_PASSWORD: 'leak-3', TOKENIZERS_PARALLELISM: 'false' })
    try {
      const t = await openTerminal({
        argv: ['/bin/bash', '-c', 'env; echo "END-$((6*7))"'],
        env: { DSH_SESSION_ID: 'sess-1', MY_API_KEY: 'chosen' },
      })
      await t.waitFor(/END-42/)
      const lines = t.text().split(/\r?\n/)
      expect(lines).toContain('DSH_SESSION_ID=sess-1')
      expect(lines).toContain('MY_API_KEY=chosen')
      expect(lines).toContain('TOKENIZERS_PARALLELISM=false')
      expect(lines).toContain(`PATH=${process.env.PATH}`)
      expect(t.text()).not.toMatch(/leak-\d/)
    } finally {
      for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key]
      Object.assign(process.env, saved)
    }
  })
})

describe('checks before spawning', () => {
  it('BAD_CWD for a missing directory or a file', async () => {
    const file = join(dir, 'plain.txt')
    writeFileSync(file, 'x')
    await expect(openTerminal({ argv: BASH, cwd: join(dir, 'missing') })).rejects.toMatchObject({ code: 'BAD_CWD', message: expect.stringContaining('missing') })
    await expect(openTerminal({ argv: BASH, cwd: file })).rejects.toMatchObject({ code: 'BAD_CWD', message: expect.stringContaining('not a directory') })
  })

  it('NOT_EXECUTABLE for an unknown name, a non-executable file, a directory', async () => {
    const script = join(dir, 'script.sh')
    writeFileSync(script, '#!/bin/sh\necho hi\n')
    chmodSync(script, 0o644)
    await expect(openTerminal({ argv: ['no-such-program-dsh'] })).rejects.toMatchObject({ code: 'NOT_EXECUTABLE', message: expect.stringContaining('PATH') })
    await expect(openTerminal({ argv: [script] })).rejects.toMatchObject({ code: 'NOT_EXECUTABLE' })
    await expect(openTerminal({ argv: [dir] })).rejects.toMatchObject({ code: 'NOT_EXECUTABLE' })
  })

  it('finds a program on the PATH of the final environment, relative paths against cwd', async () => {
    const script = join(dir, 'hello.sh')
    writeFileSync(script, '#!/bin/sh\necho "HELLO-$((2+3))"\n')
    chmodSync(script, 0o755)
    const viaPath = await openTerminal({ argv: ['hello.sh'], env: { PATH: `${dir}:/usr/bin:/bin` } })
    await viaPath.waitFor(/HELLO-5/)
    const relative = await openTerminal({ argv: ['./hello.sh'], cwd: dir })
    await relative.waitFor(/HELLO-5/)
  })

  it('an aborted signal rejects with its reason and starts nothing', async () => {
    const controller = new AbortController()
    const reason = new Error('caller went away')
    controller.abort(reason)
    await expect(openTerminal({ argv: BASH, signal: controller.signal })).rejects.toBe(reason)
  })

  it('INVALID_ARGUMENT for bad sizes', async () => {
    await expect(openTerminal({ argv: BASH, rows: 0 })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' })
  })
})

describe('resize', () => {
  it('changes what the program sees as its terminal size', async () => {
    const t = await openTerminal({ argv: BASH, env: BASH_ENV, rows: 24, cols: 80 })
    await t.waitFor(/PROMPT> /)
    t.handle.resize(33, 101)
    const from = t.text().length
    await t.handle.write('stty size\r')
    await t.waitFor(/33 101/, from)
    expect(() => t.handle.resize(0, 5)).toThrow(/rows must be an integer/)
  })
})
