import { lstatSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BootedHost, bootHost } from './host-boot'
import { ON_LINUX, TRY_WRITES, requireBwrap, run, verdicts } from './helpers'

/** The repository root: the default composition's `workspaceRoot: .` when started there. */
const REPO = resolve(import.meta.dirname, '../../../..')

/**
 * The reproduction of issue 13.1: the root cordis.yml booted from the repository root (its
 * workspace is the repository itself), a workspace-write session through the composition's
 * own ctx.sandbox (the built package, as `pnpm dsh headless` loads it). Writes that change
 * nothing even when they succeed (`same`, `rename` and back) or that are removed afterwards.
 */
describe.runIf(ON_LINUX)('the default composition cannot rewrite the host from workspace-write (Linux: real bubblewrap)', () => {
  let booted: BootedHost
  const tag = `.dsh-probe-${process.pid}`

  beforeAll(async () => {
    requireBwrap()
    booted = await bootHost(join(REPO, 'cordis.yml'), REPO)
  })

  afterAll(async () => {
    await booted?.stop()
    rmSync(join(REPO, tag), { force: true })
    if (lstatSync(join(REPO, '.git'), { throwIfNoEntry: false })?.isDirectory()) rmSync(join(REPO, '.git/hooks', tag), { force: true })
  })

  it('cordis.yml, the loaded packages, node_modules and .git stay read-only; the repository still takes new files', async () => {
    const policy = booted.root.sandboxPolicy.resolve({ agent: booted.root.agents.create('probe') })
    expect(policy).toEqual({ mode: 'workspace-write', workspaceRoot: REPO })
    const gitIsDir = lstatSync(join(REPO, '.git'), { throwIfNoEntry: false })?.isDirectory() === true
    const attempts = {
      [`same:${REPO}/cordis.yml`]: 'DENIED',
      [`same:${REPO}/packages/sandbox/sandbox-local/lib/index.js`]: 'DENIED',
      [`same:${REPO}/packages/terminal/terminal-bash/lib/integration.sh`]: 'DENIED',
      [`same:${REPO}/packages/sandbox/sandbox-policy/package.json`]: 'DENIED',
      [`same:${REPO}/node_modules/.modules.yaml`]: 'DENIED',
      [`rename:${REPO}/packages`]: 'DENIED',
      [`rename:${REPO}/packages/sandbox`]: 'DENIED',
      ...(gitIsDir
        ? { [`create:${REPO}/.git/hooks/${tag}`]: 'DENIED', [`same:${REPO}/.git/config`]: 'DENIED' }
        : { [`same:${REPO}/.git`]: 'DENIED' }),
      [`create:${REPO}/${tag}`]: 'ALLOWED',
    }
    const { argv, enforcement } = await booted.root.sandbox.confine(['bash', '-c', TRY_WRITES, 'probe', ...Object.keys(attempts)], policy, { cwd: REPO })
    expect(enforcement).toBe('bubblewrap')
    const result = await run(argv, { cwd: REPO })
    expect(verdicts(result.stdout)).toEqual(attempts)
  })
})
