import { describe, expect, it } from 'vitest'
import { bwrapArgv } from '../src'

const base = { bwrapPath: '/usr/bin/bwrap', shareNetwork: true, tmpfsSizeBytes: 1048576 }
const COMMON_HEAD = ['/usr/bin/bwrap', '--ro-bind', '/', '/', '--dev', '/dev', '--size', '1048576', '--tmpfs', '/dev/shm', '--remount-ro', '/dev', '--proc', '/proc', '--ro-bind', '/proc/sys', '/proc/sys']
const COMMON_TAIL = ['--unshare-pid', '--die-with-parent', '--cap-drop', 'ALL']

describe('bwrapArgv', () => {
  it('read-only: the root read-only, private /dev and /proc, TMPDIR in /dev/shm, no workspace bind', () => {
    expect(bwrapArgv(['bash', '-i'], { mode: 'read-only', workspaceRoot: '/srv/ws' }, base)).toEqual([
      ...COMMON_HEAD, '--setenv', 'TMPDIR', '/dev/shm', ...COMMON_TAIL, '--', 'bash', '-i',
    ])
  })

  it('workspace-write: a private bounded /tmp, then the workspace bound writable', () => {
    expect(bwrapArgv(['bash'], { mode: 'workspace-write', workspaceRoot: '/tmp/x y/ws' }, { ...base, tmpfsSizeBytes: 4194304 })).toEqual([
      '/usr/bin/bwrap', '--ro-bind', '/', '/', '--dev', '/dev', '--size', '4194304', '--tmpfs', '/dev/shm', '--remount-ro', '/dev', '--proc', '/proc', '--ro-bind', '/proc/sys', '/proc/sys',
      '--size', '4194304', '--tmpfs', '/tmp', '--bind', '/tmp/x y/ws', '/tmp/x y/ws',
      '--setenv', 'TMPDIR', '/tmp', ...COMMON_TAIL, '--', 'bash',
    ])
  })

  it('adds --unshare-net only when the network is not shared, and --chdir for a cwd', () => {
    const argv = bwrapArgv(['sh'], { mode: 'read-only', workspaceRoot: '/w' }, { ...base, shareNetwork: false, cwd: '/srv/w d' })
    expect(argv.slice(argv.indexOf('--unshare-pid'))).toEqual(['--unshare-pid', '--unshare-net', '--die-with-parent', '--cap-drop', 'ALL', '--chdir', '/srv/w d', '--', 'sh'])
  })

  it('never asks for a new session, and passes the command after -- untouched', () => {
    const command = ['--new-session', '--bind', '/', '/', '$(x)', '']
    for (const mode of ['read-only', 'workspace-write'] as const) {
      const argv = bwrapArgv(command, { mode, workspaceRoot: '/w' }, base)
      const separator = argv.indexOf('--')
      expect(argv.slice(0, separator)).not.toContain('--new-session')
      expect(argv.slice(separator + 1)).toEqual(command)
    }
  })
})
