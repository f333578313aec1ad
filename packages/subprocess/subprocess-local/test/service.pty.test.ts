import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Context } from '@deepseek-ai/cordis'
import type {} from 'dsh-subprocess'
import { afterEach, describe, expect, it } from 'vitest'
import { Config, SubprocessLocalService } from '../src'
import { hostDirsOf } from './cgroup-helpers'
import { BASH, BASH_ENV, fixture, isRunning, waitUntil } from './helpers'

describe('ctx.subprocess (the Cordis service)', () => {
  let root: Context | undefined
  afterEach(async () => { await root?.fiber.dispose() })

  it('spawns through ctx.subprocess and terminates every open terminal when disposed', async () => {
    root = new Context()
    await root.plugin(SubprocessLocalService, Config.parse({ defaultGraceMs: 500, defaultRows: 30, defaultCols: 90 }))
    const handle = await root.subprocess.spawnTerminal({ argv: BASH, cwd: '/tmp', env: BASH_ENV })
    let output = ''
    handle.onData((chunk) => { output += chunk })
    await waitUntil('the prompt', () => (output.includes('PROMPT> ') ? true : undefined))
    await handle.write('stty size\r')
    await waitUntil('the default size', () => (output.includes('30 90') ? true : undefined))
    await root.fiber.dispose()
    root = undefined
    expect(isRunning(handle.pid)).toBe(false)
    expect(handle.exit).toBeDefined()
  })

  it('forgets a terminal once its teardown succeeded', async () => {
    root = new Context()
    await root.plugin(SubprocessLocalService, Config.parse({}))
    const service = root.subprocess as SubprocessLocalService
    const handle = await service.spawnTerminal({ argv: ['/bin/sleep', '300'], cwd: '/tmp' })
    expect(service.liveCount).toBe(1)
    await handle.terminate()
    expect(service.liveCount).toBe(0)
  })

  it('rejects a bad config naming the field', async () => {
    root = new Context()
    let error: unknown
    try {
      await root.plugin(SubprocessLocalService, { defaultGraceMs: -5 } as never)
    } catch (e) {
      error = e
    }
    expect(String(error)).toMatch(/defaultGraceMs must be at least 0/)
    expect(root.get('subprocess')).toBeUndefined()
  })
})

describe('host exit', () => {
  it('a host that exits without disposing still leaves no terminal process behind', async () => {
    const built = fileURLToPath(new URL('../lib/index.js', import.meta.url))
    if (!existsSync(built)) throw new Error('build the package first: pnpm --filter dsh-subprocess-local... build')
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(process.execPath, [fixture('host-exit.mjs')], { timeout: 20_000 }, (error, out) => (error ? reject(error) : resolve(out)))
    })
    const [, host, top, child] = /HOST (\d+) TOP (\d+) CHILD (\d+)/.exec(stdout) ?? []
    expect(top).toBeDefined()
    await waitUntil('the terminal tree to be gone', () => (!isRunning(Number(top)) && !isRunning(Number(child)) ? true : undefined))
    // Its cgroup directories were removed at exit, or the next start reaps them.
    const next = new Context()
    try {
      await next.plugin(SubprocessLocalService, Config.parse({}))
      expect(hostDirsOf([Number(host)])).toEqual([])
    } finally {
      await next.fiber.dispose()
    }
  })
})
