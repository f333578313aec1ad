import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Context } from '@deepseek-ai/cordis'
import AgentRegistry from 'dsh-agent'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { SandboxPolicyService } from '../src'

// Per-agent workspace roots: a host (the ACP front) gives each agent its own workspace, once,
// before its first tool call; a deployment may pin every agent to workspaceRoot.

const base = realpathSync(mkdtempSync(join(tmpdir(), 'dsh-agent-ws-')))
const deployment = join(base, 'deployment')
const project = join(base, 'project')
mkdirSync(deployment)
mkdirSync(project)
symlinkSync(project, join(base, 'link'))
afterAll(() => rmSync(base, { recursive: true, force: true }))

let root: Context | undefined
afterEach(async () => { await root?.fiber.dispose(); root = undefined })

/** The service itself (setWorkspaceRoot is optional on the provider contract). */
const policy = (ctx: Context) => ctx.sandboxPolicy as SandboxPolicyService

async function boot(pinWorkspace?: boolean) {
  root = new Context()
  await root.plugin(AgentRegistry)
  await root.plugin(SandboxPolicyService, { mode: 'workspace-write', workspaceRoot: deployment, ...(pinWorkspace === undefined ? {} : { pinWorkspace }) })
  return root
}

describe('per-agent workspace', () => {
  it('setWorkspaceRoot gives one agent its own canonical workspace; others keep the deployment root', async () => {
    const ctx = await boot()
    const a = ctx.agents.create('a')
    const b = ctx.agents.create('b')
    expect(policy(ctx).setWorkspaceRoot(a, join(base, 'link'))).toEqual({ mode: 'workspace-write', workspaceRoot: project })
    expect(a.session.events('sandbox/workspace').map((e) => e.data)).toEqual([{ workspaceRoot: project }])
    expect(ctx.sandboxPolicy.resolve({ agent: a }).workspaceRoot).toBe(project)
    expect(ctx.sandboxPolicy.resolve({ agent: b }).workspaceRoot).toBe(deployment)
  })

  it('is set once: moving it is refused, the same directory again passes', async () => {
    const ctx = await boot()
    const a = ctx.agents.create('a')
    policy(ctx).setWorkspaceRoot(a, project)
    expect(() => policy(ctx).setWorkspaceRoot(a, deployment)).toThrow(expect.objectContaining({
      code: 'EVENT_VETOED',
      message: expect.stringMatching(new RegExp(`already works in ${project}; an agent's workspace is set once`)),
    }))
    expect(policy(ctx).setWorkspaceRoot(a, project).workspaceRoot).toBe(project)
    expect(ctx.sandboxPolicy.resolve({ agent: a }).workspaceRoot).toBe(project)
  })

  it('refuses a directory that does not exist, and a malformed event appended directly', async () => {
    const ctx = await boot()
    const a = ctx.agents.create('a')
    expect(() => policy(ctx).setWorkspaceRoot(a, join(base, 'missing'))).toThrow(expect.objectContaining({ code: 'BAD_WORKSPACE', message: expect.stringMatching(/does not exist; give the agent an existing directory/) }))
    expect(() => a.session.append('sandbox/workspace', { workspaceRoot: 'relative' })).toThrow(expect.objectContaining({ code: 'EVENT_VETOED' }))
    expect(a.session.events('sandbox/workspace')).toEqual([])
  })

  it('pinWorkspace: true keeps every agent in workspaceRoot and records nothing', async () => {
    const ctx = await boot(true)
    const a = ctx.agents.create('a')
    expect(policy(ctx).setWorkspaceRoot(a, project)).toEqual({ mode: 'workspace-write', workspaceRoot: deployment })
    expect(a.session.events('sandbox/workspace')).toEqual([])
  })
})
