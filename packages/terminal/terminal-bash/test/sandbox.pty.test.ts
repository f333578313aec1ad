import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import SandboxLocalService from 'dsh-sandbox-local'
import { afterEach, describe, expect, it } from 'vitest'
import * as bashPlugin from '../src/index'
import { boot, type Harness } from './fixtures/harness'
import { requireTool } from './fixtures/tools'

let h: Harness | undefined
afterEach(async () => {
  await h?.dispose()
  h = undefined
})

const withSandbox = async (root: Harness['root']) => {
  await root.plugin(SandboxLocalService, SandboxLocalService.Config.parse({}))
}

describe('sandbox (real PTY)', () => {
  it('workspace-write: writes inside the root succeed, writes outside fail (real bubblewrap)', async () => {
    requireTool('bwrap', 'apt-get install bubblewrap')
    h = await boot({}, 'workspace-write', withSandbox)
    const id = await h.open()
    const inside = await h.send(id, 'echo made-inside > inside.txt && echo "in-$?"')
    expect(inside.viewport).toContain('in-0')
    expect(readFileSync(join(h.workspace, 'inside.txt'), 'utf8')).toBe('made-inside\n')
    const outside = `/var/tmp/dsh-outside-${process.pid}-${Date.now()}`
    const r = await h.send(id, `echo nope > ${outside}; echo "out-$?"`)
    expect(r.viewport).toContain('Read-only file system')
    expect(r.viewport).toContain('out-1')
    expect(existsSync(outside)).toBe(false)
  })

  it('a confined mode without a ctx.sandbox provider fails before anything starts', async () => {
    h = await boot({}, 'workspace-write')
    await expect(h.root.terminals.spawn(h.agent, { type: 'shell' })).rejects.toMatchObject({
      code: 'SANDBOX_PROVIDER_MISSING',
      message: 'terminal-bash: sandbox mode "workspace-write" requires a ctx.sandbox provider in the execution world',
    })
    expect(h.root.terminals.list(h.agent)).toEqual([])
  })

  it('refuses a sandbox-mode change while a session is open; same-mode writes pass; closing lifts it', async () => {
    h = await boot({}, 'danger-full-access')
    const id = await h.open()
    expect(() => h!.root.sandboxPolicy.setSandboxMode(h!.agent, 'read-only')).toThrow(
      /wait for terminal creation to settle and close its terminal sessions first/,
    )
    expect(h.root.sandboxPolicy.resolve({ agent: h.agent }).mode).toBe('danger-full-access')
    expect(() => h!.root.sandboxPolicy.setSandboxMode(h!.agent, 'danger-full-access')).not.toThrow()
    await h.root.terminals.kill(h.agent, id)
    expect(h.root.sandboxPolicy.setSandboxMode(h.agent, 'read-only').mode).toBe('read-only')
  })

  it('the fence holds while a spawn is still starting', async () => {
    h = await boot({ shellPath: '/bin/sleep', shellArgs: ['100'], timeoutMs: 20_000 }, 'danger-full-access')
    const controller = new AbortController()
    const spawning = h.root.terminals.spawn(h.agent, { type: 'shell' }, controller.signal)
    const outcome = expect(spawning).rejects.toBe('stop')
    expect(() => h!.root.sandboxPolicy.setSandboxMode(h!.agent, 'read-only')).toThrow(/close its terminal sessions first/)
    controller.abort('stop')
    await outcome
  })

  it('the fence survives a reload of the backend plugin', async () => {
    h = await boot({}, 'danger-full-access')
    const id = await h.open()
    await h.backend.dispose()
    expect(h.root.terminals.listBackends()).toEqual([])
    await h.root.plugin(bashPlugin, bashPlugin.Config.parse({}))
    expect(() => h!.root.sandboxPolicy.setSandboxMode(h!.agent, 'read-only')).toThrow(/close its terminal sessions first/)
    // the session opened before the reload still works
    const r = await h.send(id, 'echo "still-$((5+5))"')
    expect(r.viewport).toContain('still-10')
  })
})
