import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import type { Context } from '@deepseek-ai/cordis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ON_MACOS, TRY_WRITES, bootSandbox, run, tempDirOutsideTmp, verdicts } from './helpers'

describe.runIf(ON_MACOS)('sandbox-exec confinement (macOS only: sandbox-exec does not exist on Linux)', () => {
  let base: string
  let workspace: string
  let sibling: string
  let homeProbe: string
  let root: Context

  beforeAll(async () => {
    if (!existsSync('/usr/bin/sandbox-exec')) throw new Error('/usr/bin/sandbox-exec is required for these tests; it ships with macOS')
    base = tempDirOutsideTmp('dsh-sbx-mac-')
    workspace = join(base, 'ws')
    sibling = join(base, 'sibling')
    homeProbe = join(homedir(), `.${base.split('/').pop()}-home-probe`)
    mkdirSync(workspace)
    mkdirSync(sibling)
    writeFileSync(join(sibling, 'existing.txt'), 'original\n')
    root = await bootSandbox()
  })

  afterAll(async () => {
    await root?.fiber.dispose()
    if (base !== undefined) rmSync(base, { recursive: true, force: true })
    if (homeProbe !== undefined) rmSync(homeProbe, { force: true })
  })

  async function tryWrites(mode: 'read-only' | 'workspace-write', attempts: string[]) {
    const { argv, enforcement } = await root.sandbox.confine(['/bin/bash', '-c', `${TRY_WRITES}\necho hi > /dev/null && echo DEVNULL-OK`, 'probe', ...attempts], { mode, workspaceRoot: workspace })
    expect(enforcement).toBe('sandbox-exec')
    const result = await run(argv, { cwd: base })
    expect(result.stdout).toContain('DEVNULL-OK')
    return verdicts(result.stdout)
  }

  it('workspace-write: writes inside the workspace succeed; a sibling folder and $HOME fail', async () => {
    expect(await tryWrites('workspace-write', [`create:${workspace}/new.txt`, `mkdir:${workspace}/d`, `create:${sibling}/new.txt`, `append:${sibling}/existing.txt`, `create:${homeProbe}`])).toEqual({
      [`create:${workspace}/new.txt`]: 'ALLOWED',
      [`mkdir:${workspace}/d`]: 'ALLOWED',
      [`create:${sibling}/new.txt`]: 'DENIED',
      [`append:${sibling}/existing.txt`]: 'DENIED',
      [`create:${homeProbe}`]: 'DENIED',
    })
    expect(existsSync(join(workspace, 'new.txt'))).toBe(true)
    expect(readFileSync(join(sibling, 'existing.txt'), 'utf8')).toBe('original\n')
    expect(existsSync(homeProbe)).toBe(false)
  })

  it('read-only: every write outside /dev fails, including the workspace and /tmp', async () => {
    const attempts = [`create:${workspace}/ro.txt`, `create:${sibling}/ro.txt`, `create:${homeProbe}`, `create:/private/tmp/${base.split('/').pop()}.txt`]
    expect(await tryWrites('read-only', attempts)).toEqual(Object.fromEntries(attempts.map((a) => [a, 'DENIED'])))
  })
})
