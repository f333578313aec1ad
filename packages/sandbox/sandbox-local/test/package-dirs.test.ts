import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { installationOf } from '../src/install/package-dirs'

let dirs: string[] = []
afterEach(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); dirs = [] })

/** A scratch tree: `files` maps relative paths to contents. */
function tree(files: Record<string, string>): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'dsh-install-')))
  dirs.push(root)
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  return root
}

describe('installationOf', () => {
  it('a program run from a monorepo root protects its file, the manifest and the dependencies, not the repository', async () => {
    const repo = tree({
      'pnpm-workspace.yaml': 'packages:\n  - packages/*\n',
      'package.json': JSON.stringify({ name: 'repo', private: true, dependencies: { 'dsh-x': 'workspace:*' } }),
      'scripts/run.mjs': 'export {}\n',
      'packages/x/package.json': JSON.stringify({ name: 'dsh-x' }),
      'packages/x/lib/index.js': 'export {}\n',
    })
    mkdirSync(join(repo, 'node_modules'))
    symlinkSync(join(repo, 'packages/x'), join(repo, 'node_modules/dsh-x'))
    const found = await installationOf([{ file: join(repo, 'scripts/run.mjs') }])
    expect(found.packageDirs).toEqual([join(repo, 'packages/x')])
    expect([...found.files].sort()).toEqual([join(repo, 'package.json'), join(repo, 'scripts/run.mjs')])
    expect(found.nodeModules).toEqual([join(repo, 'node_modules')])
  })

  it('a program inside an ordinary package protects that whole package', async () => {
    const repo = tree({
      'package.json': JSON.stringify({ name: 'tool' }),
      'lib/cli.js': 'export {}\n',
      'lib/host.js': 'export {}\n',
    })
    const found = await installationOf([{ file: join(repo, 'lib/cli.js') }])
    expect(found.packageDirs).toEqual([repo])
    expect(found.files).toEqual([])
  })

  it('a package.json `workspaces` field marks a monorepo root too', async () => {
    const repo = tree({
      'package.json': JSON.stringify({ name: 'repo', workspaces: ['packages/*'] }),
      'bench/run.mjs': 'export {}\n',
    })
    const found = await installationOf([{ file: join(repo, 'bench/run.mjs') }])
    expect(found.packageDirs).toEqual([])
    expect([...found.files].sort()).toEqual([join(repo, 'bench/run.mjs'), join(repo, 'package.json')])
  })
})
