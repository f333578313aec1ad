import { describe, expect, it } from 'vitest'
import { bootedComposition, outerNodeModules, outermost, packageNameOf, protectionPlan } from '../src'

describe('protectionPlan', () => {
  const ws = { mode: 'workspace-write', workspaceRoot: '/repo' } as const

  it('keeps the outermost protected paths inside the workspace and pins their ancestors below it', () => {
    expect(protectionPlan(ws, ['/repo/packages/a/b', '/repo/packages/a/b/node_modules', '/repo/cordis.yml', '/repo/packages/c', '/usr/lib/x', '/repository/y'])).toEqual({
      readOnly: ['/repo/cordis.yml', '/repo/packages/c', '/repo/packages/a/b'],
      pinned: ['/repo/packages', '/repo/packages/a'],
    })
  })

  it('refuses a workspace root inside or equal to a protected path', () => {
    for (const around of ['/repo', '/']) {
      expect(() => protectionPlan(ws, [around])).toThrow(expect.objectContaining({ code: 'BAD_WORKSPACE', message: expect.stringContaining(`lies inside ${around}`) }))
    }
  })

  it('outermost drops paths below others and sorts shallow first', () => {
    expect(outermost(['/a/b/c', '/a/b', '/x', '/a/bc'])).toEqual(['/x', '/a/b', '/a/bc'])
  })
})

describe('installation helpers', () => {
  it('finds the top node_modules tree of a path and the package name of a specifier', () => {
    expect(outerNodeModules('/repo/node_modules/.pnpm/zod@4/node_modules/zod')).toBe('/repo/node_modules')
    expect(outerNodeModules('/repo/node_modules')).toBe('/repo/node_modules')
    expect(outerNodeModules('/repo/packages/a')).toBeUndefined()
    expect(outerNodeModules('/repo/my_node_modules/a')).toBeUndefined()
    expect(packageNameOf('@scope/pkg/sub/path')).toBe('@scope/pkg')
    expect(packageNameOf('pkg/sub')).toBe('pkg')
  })
})

describe('bootedComposition (what a Cordis loader booted)', () => {
  const tree = (baseUrl: string) => ({ tree: { ctx: { baseUrl } } })

  it('lists the include files and the enabled plugin modules with the directory naming them', () => {
    const loader = {
      *entries() {
        yield { options: { name: 'cordis:include' }, subtree: { filename: '/repo/cordis.yml' }, parent: tree('file:///') }
        yield { options: { name: 'dsh-agent' }, parent: tree('file:///repo/') }
        yield { options: { name: './local/plugin.js' }, parent: tree('file:///repo/') }
        yield { options: { name: 'dsh-off' }, disabled: true, parent: tree('file:///repo/') }
        yield { options: { name: 'cordis:group' }, parent: tree('file:///repo/') }
        yield 'not an entry'
      },
    }
    expect(bootedComposition(loader)).toEqual({
      configFiles: ['/repo/cordis.yml'],
      plugins: [{ specifier: 'dsh-agent', baseUrl: 'file:///repo/' }, { specifier: './local/plugin.js', baseUrl: 'file:///repo/' }],
    })
  })

  it('is empty for a host without a loader', () => {
    for (const loader of [undefined, null, {}, { entries: 3 }]) expect(bootedComposition(loader)).toEqual({ configFiles: [], plugins: [] })
  })
})
