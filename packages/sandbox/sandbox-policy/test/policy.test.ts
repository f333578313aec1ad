import { mkdtempSync, realpathSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Context } from '@deepseek-ai/cordis'
import AgentRegistry, { AgentError } from 'dsh-agent'
import { SandboxError } from 'dsh-sandbox'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { SandboxPolicyService } from '../src'

const workspace = realpathSync(mkdtempSync(join(tmpdir(), 'dsh-policy-ws-')))
afterAll(() => rmSync(workspace, { recursive: true, force: true }))

let root: Context | undefined
afterEach(async () => { await root?.fiber.dispose(); root = undefined })

async function boot(mode: 'read-only' | 'workspace-write' | 'danger-full-access' = 'read-only') {
  root = new Context()
  await root.plugin(AgentRegistry)
  await root.plugin(SandboxPolicyService, { mode, workspaceRoot: workspace })
  return root
}

function thrown(fn: () => unknown): unknown {
  try { fn() } catch (error) { return error }
  throw new Error('expected a throw')
}

describe('ctx.sandboxPolicy', () => {
  it('resolves an agent without a session mode to the deployment default', async () => {
    const ctx = await boot('workspace-write')
    const agent = ctx.agents.create('a')
    expect(ctx.sandboxPolicy.defaultMode).toBe('workspace-write')
    expect(ctx.sandboxPolicy.workspaceRoot).toBe(workspace)
    expect(ctx.sandboxPolicy.resolve({ agent })).toEqual({ mode: 'workspace-write', workspaceRoot: workspace })
  })

  it('setSandboxMode appends one sandbox/mode event and the session mode wins over the default', async () => {
    const ctx = await boot()
    const agent = ctx.agents.create('a')
    const other = ctx.agents.create('b')
    expect(ctx.sandboxPolicy.setSandboxMode(agent, 'danger-full-access')).toEqual({ mode: 'danger-full-access', workspaceRoot: workspace })
    expect(agent.session.events('sandbox/mode').map((e) => e.data)).toEqual([{ mode: 'danger-full-access' }])
    ctx.sandboxPolicy.setSandboxMode(agent, 'workspace-write')
    expect(ctx.sandboxPolicy.resolve({ agent }).mode).toBe('workspace-write')
    expect(agent.session.events('sandbox/mode')).toHaveLength(2)
    // another agent keeps the deployment default
    expect(ctx.sandboxPolicy.resolve({ agent: other }).mode).toBe('read-only')
  })

  it('an invalid mode is refused with INVALID_MODE and nothing is appended', async () => {
    const ctx = await boot()
    const agent = ctx.agents.create('a')
    const error = thrown(() => ctx.sandboxPolicy.setSandboxMode(agent, 'root'))
    expect(error).toBeInstanceOf(SandboxError)
    expect(error).toMatchObject({ code: 'INVALID_MODE', message: expect.stringContaining('"root"') })
    expect(agent.session.events()).toEqual([])
    expect(ctx.sandboxPolicy.resolve({ agent }).mode).toBe('read-only')
  })

  it('a vetoing listener keeps the old mode and its message reaches the caller', async () => {
    const ctx = await boot()
    const agent = ctx.agents.create('a')
    ctx.sandboxPolicy.setSandboxMode(agent, 'workspace-write')
    ctx.on('agent/session-append', (_agent, event) => {
      if (event.type === 'sandbox/mode') throw new Error('close your terminals first')
    })
    const error = thrown(() => ctx.sandboxPolicy.setSandboxMode(agent, 'danger-full-access'))
    expect(error).toBeInstanceOf(AgentError)
    expect(error).toMatchObject({ code: 'EVENT_VETOED', message: 'close your terminals first' })
    expect(ctx.sandboxPolicy.resolve({ agent }).mode).toBe('workspace-write')
    expect(agent.session.events('sandbox/mode')).toHaveLength(1)
  })

  it('effectiveModeAfter lets a fence pass same-effective-mode writes and refuse changes', async () => {
    const ctx = await boot('workspace-write')
    const agent = ctx.agents.create('a')
    const fenced: string[] = []
    ctx.on('agent/session-append', (who, event) => {
      const now = ctx.sandboxPolicy.resolve({ agent: who }).mode
      const next = ctx.sandboxPolicy.effectiveModeAfter(who, event)
      if (next !== now) { fenced.push(next); throw new Error(`locked at ${now}`) }
    })
    // the default is workspace-write, so choosing it explicitly changes nothing effective
    ctx.sandboxPolicy.setSandboxMode(agent, 'workspace-write')
    agent.session.append('tool/call', { name: 'x' })
    expect(() => ctx.sandboxPolicy.setSandboxMode(agent, 'read-only')).toThrow('locked at workspace-write')
    expect(fenced).toEqual(['read-only'])
    expect(agent.session.events().map((e) => e.type)).toEqual(['sandbox/mode', 'tool/call'])
  })

  it('a malformed sandbox/mode event appended directly is vetoed', async () => {
    const ctx = await boot()
    const agent = ctx.agents.create('a')
    expect(() => agent.session.append('sandbox/mode', 'danger-full-access'))
      .toThrow(expect.objectContaining({ code: 'EVENT_VETOED', message: expect.stringContaining('data { mode }') }))
    expect(() => agent.session.append('sandbox/mode', { mode: 'full' }))
      .toThrow(expect.objectContaining({ code: 'EVENT_VETOED', message: expect.stringContaining('"full"') }))
    agent.session.append('sandbox/mode', { mode: 'danger-full-access' })
    expect(ctx.sandboxPolicy.resolve({ agent }).mode).toBe('danger-full-access')
  })

  it('a malformed event recorded before the policy loaded fails closed on resolve', async () => {
    root = new Context()
    await root.plugin(AgentRegistry)
    const agent = root.agents.create('early')
    agent.session.append('sandbox/mode', { mode: 'everything' })
    await root.plugin(SandboxPolicyService, { mode: 'read-only', workspaceRoot: workspace })
    const error = thrown(() => root!.sandboxPolicy.resolve({ agent }))
    expect(error).toMatchObject({ code: 'INVALID_MODE', message: expect.stringMatching(/agent agent-1: .*event #1 is malformed/) })
    root.sandboxPolicy.setSandboxMode(agent, 'read-only')
    expect(root.sandboxPolicy.resolve({ agent }).mode).toBe('read-only')
  })

  it('an ended agent cannot change mode', async () => {
    const ctx = await boot()
    const agent = ctx.agents.create('a')
    await ctx.agents.dispose(agent)
    expect(() => ctx.sandboxPolicy.setSandboxMode(agent, 'workspace-write')).toThrow(expect.objectContaining({ code: 'AGENT_NOT_LIVE' }))
    expect(agent.session.events()).toEqual([])
  })

  it('unloading the policy removes its guard and the service', async () => {
    root = new Context()
    await root.plugin(AgentRegistry)
    const fiber = root.plugin(SandboxPolicyService, { mode: 'read-only', workspaceRoot: workspace })
    await fiber
    const agent = root.agents.create('a')
    expect(() => agent.session.append('sandbox/mode', 'raw')).toThrow(expect.objectContaining({ code: 'EVENT_VETOED' }))
    await fiber.dispose()
    expect(root.get('sandboxPolicy')).toBeUndefined()
    agent.session.append('sandbox/mode', 'raw')
    expect(agent.session.events('sandbox/mode')).toHaveLength(1)
  })
})
