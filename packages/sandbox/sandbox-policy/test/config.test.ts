import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Context } from '@deepseek-ai/cordis'
import AgentRegistry from 'dsh-agent'
import { afterAll, describe, expect, it } from 'vitest'
import { Config, SandboxPolicyService } from '../src'

const dir = mkdtempSync(join(tmpdir(), 'dsh-policy-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function issues(input: unknown): string[] {
  const result = Config.safeParse(input)
  return result.success ? [] : result.error.issues.map((i) => i.message)
}

describe('sandboxPolicy config', () => {
  it('defaults to read-only over the canonical working directory', () => {
    expect(Config.parse(undefined)).toEqual({ mode: 'read-only', workspaceRoot: realpathSync(process.cwd()) })
    expect(Config.parse(null)).toEqual({ mode: 'read-only', workspaceRoot: realpathSync(process.cwd()) })
  })

  it('stores the workspace root as its canonical absolute path', () => {
    const real = join(dir, 'real')
    mkdirSync(real)
    symlinkSync(real, join(dir, 'link'))
    const parsed = Config.parse({ mode: 'workspace-write', workspaceRoot: join(dir, 'link', '.', '..', 'link') })
    expect(parsed).toEqual({ mode: 'workspace-write', workspaceRoot: realpathSync(real) })
  })

  it('a missing directory is a config error naming the field and the value', () => {
    const missing = join(dir, 'nope')
    expect(issues({ workspaceRoot: missing })).toEqual([`sandboxPolicy: workspaceRoot "${missing}" does not exist; point it at an existing directory`])
  })

  it('a file is not a workspace root', () => {
    const file = join(dir, 'file.txt')
    writeFileSync(file, 'x')
    expect(issues({ workspaceRoot: file })[0]).toMatch(/^sandboxPolicy: workspaceRoot ".*file\.txt" is not a directory/)
  })

  it('an unknown mode names the value and the choices', () => {
    expect(issues({ mode: 'yolo', workspaceRoot: dir })).toEqual([
      'sandboxPolicy: mode "yolo" is not one of read-only, workspace-write, danger-full-access',
    ])
    expect(issues({ workspaceRoot: '' })).toEqual(['sandboxPolicy: workspaceRoot must not be empty'])
  })

  it('the runtime refuses the plugin with a bad config and provides nothing', async () => {
    const root = new Context()
    await root.plugin(AgentRegistry)
    const missing = join(dir, 'gone')
    const error = await Promise.resolve(root.plugin(SandboxPolicyService, { mode: 'read-only', workspaceRoot: missing })).catch((e) => e)
    expect(String(error)).toContain(`workspaceRoot "${missing}" does not exist`)
    expect(root.get('sandboxPolicy')).toBeUndefined()
    await root.fiber.dispose()
  })
})
