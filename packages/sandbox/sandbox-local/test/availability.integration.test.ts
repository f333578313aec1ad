import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Context } from '@deepseek-ai/cordis'
import { SandboxError } from 'dsh-sandbox'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { BwrapConfiner, Config, EMPTY_HOST_VIEW } from '../src'
import { ON_LINUX, bootSandbox, requireBwrap, run, tempDirOutsideTmp } from './helpers'

const base = tempDirOutsideTmp('dsh-sbx-avail-')
const workspace = join(base, 'ws')
mkdirSync(workspace)
afterAll(() => rmSync(base, { recursive: true, force: true }))

let root: Context | undefined
afterEach(async () => { await root?.fiber.dispose(); root = undefined })

const readOnly = { mode: 'read-only', workspaceRoot: workspace } as const

async function failure(promise: Promise<unknown>): Promise<SandboxError> {
  const error = await promise.then(() => undefined, (e: unknown) => e)
  expect(error).toBeInstanceOf(SandboxError)
  return error as SandboxError
}

/** An executable script standing in for bwrap. */
function fakeBwrap(name: string, body: string): string {
  const path = join(base, name)
  writeFileSync(path, `#!/bin/sh\n${body}\n`)
  chmodSync(path, 0o755)
  return path
}

describe.runIf(ON_LINUX)('bubblewrap availability, fails closed before anything starts (Linux only: macOS uses sandbox-exec)', () => {
  it('a bwrapPath that does not exist gives SANDBOX_UNAVAILABLE with how to install it', async () => {
    const missing = join(base, 'no', 'bwrap')
    root = await bootSandbox({ bwrapPath: missing })
    for (const mode of ['read-only', 'workspace-write'] as const) {
      const error = await failure(root.sandbox.confine(['bash'], { mode, workspaceRoot: workspace }))
      expect(error.code).toBe('SANDBOX_UNAVAILABLE')
      expect(error.message).toContain(`at "${missing}"`)
      expect(error.message).toContain('apt-get install bubblewrap')
      expect(error.message).toContain('danger-full-access')
    }
  })

  it('a bare name not on PATH gives SANDBOX_UNAVAILABLE naming the PATH searched', async () => {
    const confiner = new BwrapConfiner({ bwrapPath: 'bwrap', shareNetwork: true, tmpfsSizeBytes: 1 << 20, searchPath: join(base, 'empty-bin') })
    const error = await failure(confiner.wrap(['bash'], readOnly, undefined, EMPTY_HOST_VIEW))
    expect(error.code).toBe('SANDBOX_UNAVAILABLE')
    expect(error.message).toContain(`on PATH (${join(base, 'empty-bin')})`)
  })

  it('danger-full-access needs no bubblewrap at all', async () => {
    root = await bootSandbox({ bwrapPath: join(base, 'nowhere') })
    expect(await root.sandbox.confine(['bash', '-i'], { mode: 'danger-full-access', workspaceRoot: workspace }))
      .toEqual({ argv: ['bash', '-i'], enforcement: 'none' })
  })

  it('a bwrap that cannot create namespaces fails closed quoting its complaint', async () => {
    const broken = fakeBwrap('broken-bwrap', 'echo "bwrap: No permissions to creating new namespace" >&2; exit 1')
    root = await bootSandbox({ bwrapPath: broken })
    const error = await failure(root.sandbox.confine(['bash'], readOnly))
    expect(error.code).toBe('SANDBOX_UNAVAILABLE')
    expect(error.message).toContain(`bubblewrap at ${broken} cannot create a sandbox on this machine (bwrap: No permissions to creating new namespace)`)
    expect(error.message).toContain('danger-full-access')
    // a failed self-test is not remembered: once fixed, the next confine succeeds
    requireBwrap()
    writeFileSync(broken, '#!/bin/sh\nexec bwrap "$@"\n')
    const { argv } = await root.sandbox.confine(['sh', '-c', 'echo confined-$((6*7))'], readOnly)
    expect(argv[0]).toBe(broken)
    expect((await run(argv)).stdout).toBe('confined-42\n')
  })

  it('the self-test runs once per executable and the real layout passes it', async () => {
    requireBwrap()
    const counter = join(base, 'probe-count')
    const counting = fakeBwrap('counting-bwrap', `echo x >> "${counter}"\nexec bwrap "$@"`)
    root = await bootSandbox({ bwrapPath: counting })
    await Promise.all([root.sandbox.confine(['true'], readOnly), root.sandbox.confine(['true'], readOnly)])
    await root.sandbox.confine(['true'], { mode: 'workspace-write', workspaceRoot: workspace })
    expect(readFileSync(counter, 'utf8')).toBe('x\n')
  })
})

describe('confine input checks', () => {
  it('refuses a bad argv, mode, workspace root or cwd with a code and starts nothing', async () => {
    root = await bootSandbox({ bwrapPath: join(base, 'never-used') })
    const ww = { mode: 'workspace-write', workspaceRoot: workspace } as const
    expect((await failure(root.sandbox.confine([], ww))).code).toBe('BAD_ARGV')
    expect((await failure(root.sandbox.confine(['bash'], { mode: 'root' as 'read-only', workspaceRoot: workspace }))).code).toBe('INVALID_MODE')
    expect((await failure(root.sandbox.confine(['bash'], { ...ww, workspaceRoot: join(base, 'gone') }))).message).toMatch(/^sandbox: workspaceRoot ".*gone" does not exist/)
    expect((await failure(root.sandbox.confine(['bash'], { ...ww, workspaceRoot: 'relative/ws' }))).code).toBe('BAD_WORKSPACE')
    expect((await failure(root.sandbox.confine(['bash'], { ...ww, workspaceRoot: '/' }))).code).toBe('BAD_WORKSPACE')
    expect((await failure(root.sandbox.confine(['bash'], ww, { cwd: 'ws' }))).code).toBe('BAD_CWD')
    expect((await failure(root.sandbox.confine(['bash'], ww, { cwd: join(base, 'missing') }))).code).toBe('BAD_CWD')
  })

  it.runIf(ON_LINUX)('refuses a cwd the Linux sandbox hides instead of starting somewhere else (Linux only: macOS keeps one filesystem view)', async () => {
    root = await bootSandbox({ bwrapPath: join(base, 'never-used') })
    const error = await failure(root.sandbox.confine(['bash'], { mode: 'workspace-write', workspaceRoot: workspace }, { cwd: '/tmp' }))
    expect(error.code).toBe('BAD_CWD')
    expect(error.message).toContain('/tmp is private inside the sandbox')
  })

  it('config values are validated with messages naming the field', () => {
    expect(() => Config.parse({ tmpfsSizeBytes: 10 })).toThrow('sandbox: tmpfsSizeBytes must be at least 1048576 (1 MiB)')
    expect(() => Config.parse({ bwrapPath: '' })).toThrow('sandbox: bwrapPath must not be empty')
    expect(Config.parse(undefined)).toEqual({ bwrapPath: 'bwrap', sandboxExecPath: '/usr/bin/sandbox-exec', shareNetwork: true, tmpfsSizeBytes: 268435456 })
  })
})
