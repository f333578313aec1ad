import { execFileSync } from 'node:child_process'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import * as z from 'zod'
// @ts-expect-error: a plain .mjs module without type declarations
import { firstDifference, renderCatalog, table, typeOf } from '../catalog-render.mjs'

const repo = resolve(__dirname, '../..')

describe('config catalog rendering', () => {
  it('renders field, type, default and description rows', () => {
    const Config = z.object({
      mode: z.enum(['read-only', 'workspace-write']).default('read-only').describe('Default mode.'),
      limit: z.number().int().min(64).max(Number.MAX_SAFE_INTEGER).default(262144).describe('Cap | bytes.'),
      root: z.string().default(() => '/machine/repo/x').describe('Workspace root.'),
      name: z.string().min(1).describe('A required name.'),
      tags: z.array(z.string()).optional(),
    }).prefault({})
    expect(table(Config, ['/machine/repo']).split('\n')).toEqual([
      '| field | type | default | description |',
      '|---|---|---|---|',
      '| `mode` | "read-only" \\| "workspace-write" | `"read-only"` | Default mode. |',
      '| `limit` | safe integer ≥ 64 | `262144` | Cap \\| bytes. |',
      '| `root` | string | `"<cwd>/x"` | Workspace root. |',
      '| `name` | non-empty string | (required) | A required name. |',
      '| `tags` | string[] | — |  |',
    ])
  })

  it('reads configs wrapped in z.preprocess', () => {
    const Config = z.preprocess((v) => v ?? {}, z.object({ on: z.boolean().default(true) }))
    expect(table(Config)).toContain('| `on` | boolean | `true` |')
  })

  it('names types of numbers with bounds', () => {
    expect(typeOf({ type: 'integer', exclusiveMinimum: 0, maximum: Number.MAX_SAFE_INTEGER })).toBe('safe integer > 0')
    expect(typeOf({ type: 'number', maximum: 5 })).toBe('number ≤ 5')
    expect(typeOf({ anyOf: [{ type: 'string' }, { type: 'null' }] })).toBe('string | null')
  })

  it('lists plugins without config and non-plugins', () => {
    const text = renderCatalog({
      configured: [{ name: 'dsh-x', dir: 'packages/a/x', description: 'X.', config: z.object({}) }],
      bare: [{ name: 'dsh-y', dir: 'packages/a/y', description: 'Y.' }],
      libraries: [{ name: 'dsh-z', dir: 'packages/a/z', description: 'Z.' }],
    })
    expect(text).toContain('## dsh-x\n\n`packages/a/x`: X.\n\n(no fields)')
    expect(text).toContain('## Plugins without configuration\n\n- `dsh-y` (`packages/a/y`): Y.')
    expect(text).toContain('## Packages that are not plugins\n\n- `dsh-z` (`packages/a/z`): Z.')
  })

  it('finds the first differing line', () => {
    expect(firstDifference('a\nb\nc', 'a\nb\nc')).toBeUndefined()
    expect(firstDifference('a\nb\nc', 'a\nB\nc')).toEqual({ line: 2, current: 'b', generated: 'B' })
    expect(firstDifference('a', 'a\nmore')).toEqual({ line: 2, current: '', generated: 'more' })
  })
})

describe('config-catalog.mjs', () => {
  it('fails with a usage hint when an argument is unknown', () => {
    let failure: { status: number, stderr: string } | undefined
    try {
      execFileSync('node', [resolve(repo, 'scripts/config-catalog.mjs'), '--chek'], { encoding: 'utf8', stdio: 'pipe' })
    } catch (error) {
      failure = error as { status: number, stderr: string }
    }
    expect(failure?.status).toBe(2)
    expect(failure?.stderr).toMatch(/unknown argument "--chek"; use no argument \(write docs\/config-catalog.md\) or --check/)
  })
})
