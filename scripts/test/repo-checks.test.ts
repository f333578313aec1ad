import { execFileSync, spawnSync } from 'node:child_process'
import { copyFileSync, mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

const repo = resolve(__dirname, '../..')
let dirs: string[] = []
afterEach(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); dirs = [] })

function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'dsh-repo-check-'))
  dirs.push(dir)
  mkdirSync(join(dir, 'scripts'))
  for (const f of ['check-lockfile.mjs', 'check-pure.mjs', 'check-links.mjs']) copyFileSync(join(repo, 'scripts', f), join(dir, 'scripts', f))
  return dir
}

describe('check-lockfile', () => {
  it('passes on the real lockfile', () => {
    const out = execFileSync('node', [join(repo, 'scripts/check-lockfile.mjs')], { encoding: 'utf8' })
    expect(out).toContain('every dsh-* package is a workspace link')
  })

  it('fails when a dsh-* package resolves from the registry', () => {
    const dir = scratch()
    writeFileSync(join(dir, 'pnpm-lock.yaml'), [
      "lockfileVersion: '9.0'", 'importers:', '  .:', '    dependencies:',
      '      dsh-terminal:', '        specifier: ^1.0.0', '        version: 1.0.0', 'packages:',
      "  '@deepseek-ai/dsh-terminal@1.0.0':", '    resolution: {integrity: sha512-x}', '',
    ].join('\n'))
    const run = spawnSync('node', [join(dir, 'scripts/check-lockfile.mjs')], { encoding: 'utf8' })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('dsh-terminal')
    expect(run.stderr).toContain('workspace:*')
  })
})

describe('check-pure', () => {
  it('flags a pure file that imports node: or reads the clock', () => {
    const dir = scratch()
    mkdirSync(join(dir, 'packages/x/y/src'), { recursive: true })
    writeFileSync(join(dir, 'packages/x/y/src/ok.ts'), '// @dsh-pure\nexport const a = "tools require an agent" // process is fine in a comment\n')
    writeFileSync(join(dir, 'packages/x/y/src/bad.ts'), "// @dsh-pure\nimport { readFileSync } from 'node:fs'\nexport const t = Date.now()\n")
    const run = spawnSync('node', [join(dir, 'scripts/check-pure.mjs')], { encoding: 'utf8' })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('bad.ts: imports node:fs')
    expect(run.stderr).toContain('bad.ts: uses Date.now')
    expect(run.stderr).not.toContain('ok.ts')
  })

  it('passes on the repository', () => {
    const out = execFileSync('node', [join(repo, 'scripts/check-pure.mjs')], { encoding: 'utf8' })
    expect(out).toMatch(/pure check: \d+ pure file\(s\) clean/)
  })
})

describe('check-links', () => {
  it('flags a link outside the repository and a missing file, not external URLs', () => {
    const dir = scratch()
    writeFileSync(join(dir, 'README.md'), [
      '[out](../shared/guides/cordis.md)', '[gone](docs/missing.md)', '[ok](scripts/check-links.mjs#top)',
      '[web](https://example.com/x)', '[anchor](#use-it)', '```', '[code](../not-a-link.md)', '```', '',
    ].join('\n'))
    const run = spawnSync('node', [join(dir, 'scripts/check-links.mjs'), dir], { encoding: 'utf8' })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('README.md: ../shared/guides/cordis.md points outside the repository')
    expect(run.stderr).toContain('README.md: docs/missing.md does not exist')
    expect(run.stderr).not.toContain('check-links.mjs#top')
    expect(run.stderr).not.toContain('not-a-link')
  })

  it('passes on the repository', () => {
    const out = execFileSync('node', [join(repo, 'scripts/check-links.mjs')], { encoding: 'utf8' })
    expect(out).toMatch(/links: \d+ relative link\(s\) resolve inside the repository/)
  })
})
