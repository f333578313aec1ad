import { describe, expect, it } from 'vitest'
import { EMPTY_HOST_VIEW, type HostView, MASK_TMPFS_BYTES, bwrapArgv } from '../src'

const base = { bwrapPath: '/usr/bin/bwrap', shareNetwork: true, tmpfsSizeBytes: 1048576 }
const COMMON_HEAD = ['/usr/bin/bwrap', '--ro-bind', '/', '/', '--dev', '/dev', '--size', '1048576', '--tmpfs', '/dev/shm', '--remount-ro', '/dev', '--proc', '/proc', '--ro-bind', '/proc/sys', '/proc/sys', '--size', '1048576', '--tmpfs', '/tmp']
const COMMON_TAIL = ['--setenv', 'TMPDIR', '/tmp', '--unshare-pid', '--die-with-parent', '--cap-drop', 'ALL']
const MASK = String(MASK_TMPFS_BYTES)

describe('bwrapArgv', () => {
  it('read-only: the root read-only, private /dev, /proc and /tmp, TMPDIR in /tmp, no workspace bind', () => {
    expect(bwrapArgv(['bash', '-i'], { mode: 'read-only', workspaceRoot: '/srv/ws' }, base)).toEqual([
      ...COMMON_HEAD, ...COMMON_TAIL, '--', 'bash', '-i',
    ])
  })

  it('read-only puts a workspace back (read-only) when the private /tmp or a mask hides it', () => {
    const argv = bwrapArgv(['sh'], { mode: 'read-only', workspaceRoot: '/tmp/ws' }, base)
    expect(argv.slice(COMMON_HEAD.length, argv.indexOf('--setenv'))).toEqual(['--ro-bind', '/tmp/ws', '/tmp/ws'])
  })

  it('workspace-write: a private bounded /tmp, then the workspace bound writable', () => {
    expect(bwrapArgv(['bash'], { mode: 'workspace-write', workspaceRoot: '/tmp/x y/ws' }, { ...base, tmpfsSizeBytes: 4194304 })).toEqual([
      '/usr/bin/bwrap', '--ro-bind', '/', '/', '--dev', '/dev', '--size', '4194304', '--tmpfs', '/dev/shm', '--remount-ro', '/dev', '--proc', '/proc', '--ro-bind', '/proc/sys', '/proc/sys',
      '--size', '4194304', '--tmpfs', '/tmp', '--bind', '/tmp/x y/ws', '/tmp/x y/ws',
      ...COMMON_TAIL, '--', 'bash',
    ])
  })

  it('masks socket directories, keeps their symlinks and kept files, covers socket files, protects host paths', () => {
    const view: HostView = {
      protectedPaths: ['/ws/cordis.yml', '/ws/packages/a', '/ws/node_modules', '/elsewhere/pkg'],
      maskedDirs: ['/run', '/var/run/x', '/tmp/ssh-1', '/ws/.agent'],
      keptLinks: [{ path: '/run/shm', target: '/dev/shm' }, { path: '/etc/ignored', target: '/x' }],
      keptFiles: ['/run/systemd/resolve/stub-resolv.conf'],
      socketFiles: ['/var/tmp/x.sock', '/ws/dev.sock'],
    }
    const argv = bwrapArgv(['sh'], { mode: 'workspace-write', workspaceRoot: '/ws' }, { ...base, view })
    expect(argv.slice(COMMON_HEAD.length, argv.indexOf('--setenv'))).toEqual([
      '--size', MASK, '--tmpfs', '/run', '--size', MASK, '--tmpfs', '/var/run/x',
      '--symlink', '/dev/shm', '/run/shm',
      '--ro-bind-try', '/run/systemd/resolve/stub-resolv.conf', '/run/systemd/resolve/stub-resolv.conf',
      '--remount-ro', '/run', '--remount-ro', '/var/run/x',
      '--bind', '/ws', '/ws',
      '--size', MASK, '--tmpfs', '/ws/.agent', '--remount-ro', '/ws/.agent',
      '--bind-try', '/ws/packages', '/ws/packages',
      '--ro-bind-try', '/ws/cordis.yml', '/ws/cordis.yml', '--ro-bind-try', '/ws/node_modules', '/ws/node_modules', '--ro-bind-try', '/ws/packages/a', '/ws/packages/a',
      '--ro-bind', '/dev/null', '/var/tmp/x.sock', '--ro-bind', '/dev/null', '/ws/dev.sock',
    ])
  })

  it('read-only ignores the protected paths (everything is read-only already)', () => {
    const view = { ...EMPTY_HOST_VIEW, protectedPaths: ['/ws/cordis.yml'] }
    expect(bwrapArgv(['sh'], { mode: 'read-only', workspaceRoot: '/ws' }, { ...base, view })).toEqual(bwrapArgv(['sh'], { mode: 'read-only', workspaceRoot: '/ws' }, base))
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
