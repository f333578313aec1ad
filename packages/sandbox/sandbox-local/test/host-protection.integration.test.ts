import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Config, SandboxLocalService } from '../src'
import { type BootedHost, bootHost } from './host-boot'
import { ON_LINUX, TRY_WRITES, requireBwrap, run, tempDirOutsideTmp, verdicts } from './helpers'

/**
 * A host installed in its own workspace, as the root cordis.yml (`workspaceRoot: .`) is:
 * the config file it boots, a plugin package it loads by path, that plugin's dependency
 * (a pnpm-style symlink in the plugin's node_modules to a package elsewhere in the tree),
 * a root node_modules package, and a git repository.
 */
function makeHost(dir: string): void {
  const file = (path: string, text: string) => {
    mkdirSync(join(dir, path, '..'), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
  file('cordis.yml', '- id: probe\n  name: ./plugins/probe/index.js\n')
  file('plugins/probe/package.json', JSON.stringify({ name: 'fixture-probe', type: 'module', dependencies: { 'fixture-dep': '*', 'fixture-root': '*' } }))
  file('plugins/probe/index.js', "import dep from 'fixture-dep'\nimport root from 'fixture-root'\nexport const name = 'fixture-probe'\nexport const apply = () => { if (dep + root !== 3) throw new Error('fixture deps missing') }\n")
  file('packages/dep/package.json', JSON.stringify({ name: 'fixture-dep', type: 'module', exports: './index.js' }))
  file('packages/dep/index.js', 'export default 1\n')
  file('node_modules/fixture-root/package.json', JSON.stringify({ name: 'fixture-root', type: 'module', exports: './index.js' }))
  file('node_modules/fixture-root/index.js', 'export default 2\n')
  mkdirSync(join(dir, 'plugins/probe/node_modules'))
  symlinkSync('../../../packages/dep', join(dir, 'plugins/probe/node_modules/fixture-dep'))
  file('.git/config', '[core]\n\tbare = false\n')
  mkdirSync(join(dir, '.git/hooks'))
  file('notes/readme.txt', 'mine\n')
}

describe.runIf(ON_LINUX)('a writable workspace keeps the host read-only (Linux: real bubblewrap)', () => {
  let host: string
  let booted: BootedHost

  beforeAll(async () => {
    requireBwrap()
    host = tempDirOutsideTmp('dsh-host-')
    makeHost(host)
    booted = await bootHost(join(host, 'cordis.yml'), host)
    await booted.root.plugin(SandboxLocalService, Config.parse({}))
  })

  afterAll(async () => {
    await booted?.stop()
    if (host !== undefined) rmSync(host, { recursive: true, force: true })
  })

  it('the config file, loaded packages, node_modules and .git refuse writes; the rest of the workspace takes them', async () => {
    const attempts = {
      [`same:${host}/cordis.yml`]: 'DENIED',
      [`same:${host}/plugins/probe/index.js`]: 'DENIED',
      [`create:${host}/plugins/probe/extra.js`]: 'DENIED',
      [`same:${host}/packages/dep/index.js`]: 'DENIED',
      [`create:${host}/node_modules/planted.js`]: 'DENIED',
      [`same:${host}/node_modules/fixture-root/index.js`]: 'DENIED',
      [`create:${host}/.git/hooks/pre-commit`]: 'DENIED',
      [`same:${host}/.git/config`]: 'DENIED',
      [`rename:${host}/plugins`]: 'DENIED',
      [`rename:${host}/plugins/probe`]: 'DENIED',
      [`rename:${host}/packages`]: 'DENIED',
      [`rename:${host}/.git`]: 'DENIED',
      [`create:${host}/plugins/new-plugin.txt`]: 'ALLOWED',
      [`append:${host}/notes/readme.txt`]: 'ALLOWED',
      [`rename:${host}/notes`]: 'ALLOWED',
      [`create:${host}/scratch.txt`]: 'ALLOWED',
    }
    const { argv } = await booted.root.sandbox.confine(['bash', '-c', TRY_WRITES, 'probe', ...Object.keys(attempts)], { mode: 'workspace-write', workspaceRoot: host })
    const result = await run(argv, { cwd: host })
    expect(verdicts(result.stdout)).toEqual(attempts)
    expect(readFileSync(join(host, 'cordis.yml'), 'utf8')).toBe('- id: probe\n  name: ./plugins/probe/index.js\n')
    expect(readFileSync(join(host, 'notes/readme.txt'), 'utf8')).toBe('mine\nmore\n')
  })

  it('a workspace inside the host installation is refused with BAD_WORKSPACE', async () => {
    const error = await booted.root.sandbox.confine(['true'], { mode: 'workspace-write', workspaceRoot: join(host, 'packages/dep') }).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'BAD_WORKSPACE', message: expect.stringContaining(`lies inside ${join(host, 'packages/dep')}`) })
  })
})
