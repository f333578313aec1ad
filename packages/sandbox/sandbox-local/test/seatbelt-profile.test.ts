import { describe, expect, it } from 'vitest'
import { WORKSPACE_PARAM, seatbeltArgv, seatbeltProfile } from '../src'

describe('seatbeltProfile (macOS sandbox-exec)', () => {
  it('read-only denies every file write except terminal and null devices', () => {
    expect(seatbeltProfile({ mode: 'read-only', workspaceRoot: '/Users/a/ws' }, { shareNetwork: true })).toBe([
      '(version 1)',
      '; dsh-sandbox-local: read-only',
      '(allow default)',
      '(deny file-write*)',
      '(allow file-write*',
      '  (literal "/dev/null")',
      '  (literal "/dev/zero")',
      '  (literal "/dev/tty")',
      '  (literal "/dev/ptmx")',
      '  (literal "/dev/dtracehelper")',
      '  (regex #"^/dev/ttys[0-9]+$")',
      '  (regex #"^/dev/fd/[0-9]+$"))',
      '(deny signal)',
      '(allow signal (target same-sandbox))',
      '',
    ].join('\n'))
  })

  it('workspace-write allows writes below the workspace parameter, after the deny', () => {
    const profile = seatbeltProfile({ mode: 'workspace-write', workspaceRoot: '/Users/a/ws' }, { shareNetwork: true })
    const allow = `(allow file-write* (subpath (param "${WORKSPACE_PARAM}")))`
    expect(profile).toContain(allow)
    expect(profile.indexOf(allow)).toBeGreaterThan(profile.indexOf('(deny file-write*)'))
    // the path travels as a parameter, never spliced into the profile text
    expect(profile).not.toContain('/Users/a/ws')
  })

  it('workspace-write keeps the protected paths in the workspace read-only and their ancestors in place', () => {
    const policy = { mode: 'workspace-write', workspaceRoot: '/Users/a/ws' } as const
    const options = { shareNetwork: true, protectedPaths: ['/Users/a/ws/cordis.yml', '/Users/a/ws/packages/x', '/opt/elsewhere'] }
    const profile = seatbeltProfile(policy, options)
    const allow = `(allow file-write* (subpath (param "${WORKSPACE_PARAM}")))`
    const denies = ['(deny file-write* (subpath (param "PROTECTED_0")))', '(deny file-write* (subpath (param "PROTECTED_1")))', '(deny file-write* (literal (param "PINNED_0")))']
    for (const deny of denies) expect(profile.indexOf(deny)).toBeGreaterThan(profile.indexOf(allow))
    expect(profile).not.toContain('/Users/a/ws')
    const argv = seatbeltArgv(['sh'], policy, { ...options, sandboxExecPath: '/usr/bin/sandbox-exec' })
    expect(argv.slice(3)).toEqual([
      '-D', 'WORKSPACE_ROOT=/Users/a/ws', '-D', 'PROTECTED_0=/Users/a/ws/cordis.yml', '-D', 'PROTECTED_1=/Users/a/ws/packages/x', '-D', 'PINNED_0=/Users/a/ws/packages', '--', 'sh',
    ])
  })

  it('denies the network only when asked, and balances its parentheses', () => {
    const closed = seatbeltProfile({ mode: 'read-only', workspaceRoot: '/w' }, { shareNetwork: false })
    expect(closed.trimEnd().endsWith('(deny network*)')).toBe(true)
    expect(seatbeltProfile({ mode: 'read-only', workspaceRoot: '/w' }, { shareNetwork: true })).not.toContain('network')
    for (const text of [closed, seatbeltProfile({ mode: 'workspace-write', workspaceRoot: '/w' }, { shareNetwork: true })]) {
      const code = text.replace(/;.*$/gm, '').replace(/"[^"]*"/g, '')
      expect(code.split('(').length).toBe(code.split(')').length)
    }
  })

  it('argv: sandbox-exec -p PROFILE [-D WORKSPACE_ROOT=path] -- command', () => {
    const policy = { mode: 'workspace-write', workspaceRoot: '/Users/a/my "ws"' } as const
    const argv = seatbeltArgv(['/bin/bash', '-i'], policy, { sandboxExecPath: '/usr/bin/sandbox-exec', shareNetwork: true })
    expect(argv).toEqual(['/usr/bin/sandbox-exec', '-p', seatbeltProfile(policy, { shareNetwork: true }), '-D', 'WORKSPACE_ROOT=/Users/a/my "ws"', '--', '/bin/bash', '-i'])
    const readOnly = seatbeltArgv(['sh'], { mode: 'read-only', workspaceRoot: '/w' }, { sandboxExecPath: '/usr/bin/sandbox-exec', shareNetwork: true })
    expect(readOnly.slice(3)).toEqual(['--', 'sh'])
  })
})
