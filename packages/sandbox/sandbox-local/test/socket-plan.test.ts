import { describe, expect, it } from 'vitest'
import { MAX_SOCKET_FILES, type SocketFacts, pathCandidatesOf, pathSocketsOf, planSocketMasks } from '../src'

describe('/proc/net/unix', () => {
  it('lists each absolute path socket once; abstract, unnamed and relative ones are skipped', () => {
    const text = [
      'Num       RefCount Protocol Flags    Type St Inode Path',
      '0000000000000000: 00000002 00000000 00010000 0001 01 56121 /var/tmp/x.sock',
      '0000000000000000: 00000003 00000000 00000000 0001 03 56122 /var/tmp/x.sock',
      '0000000000000000: 00000002 00000000 00010000 0001 01 56123 @/tmp/.X11-unix/X0',
      '0000000000000000: 00000003 00000000 00000000 0001 03   648',
      '0000000000000000: 00000002 00000000 00010000 0001 01 56124 /home/me/my sock',
      '0000000000000000: 00000002 00000000 00010000 0001 01 56125 relative.sock',
      '',
    ].join('\n')
    expect(pathSocketsOf(text)).toEqual(['/var/tmp/x.sock', '/home/me/my sock'])
  })
})

describe('socket paths named in the environment', () => {
  it('finds whole values, list members and addresses', () => {
    expect(pathCandidatesOf({
      SSH_AUTH_SOCK: '/tmp/ssh-abc/agent.12',
      DBUS_SESSION_BUS_ADDRESS: 'unix:path=/run/user/7/bus,guid=ab12',
      DOCKER_HOST: 'unix:///var/run/docker.sock',
      PULSE_SERVER: 'unix:/run/user/7/pulse/native',
      TMUX: '/tmp/tmux-7/default,42,0',
      LANG: 'C.UTF-8',
      EMPTY: undefined,
      ROOT: '/',
    }).sort()).toEqual(['/run/user/7/bus', '/run/user/7/pulse/native', '/tmp/ssh-abc/agent.12', '/tmp/tmux-7/default', '/var/run/docker.sock'])
  })

  it('ignores values too long to be an address', () => {
    expect(pathCandidatesOf({ HUGE: `/x${'a'.repeat(10_000)}` })).toEqual([])
  })
})

describe('planSocketMasks', () => {
  const facts = (over: Partial<SocketFacts>): SocketFacts => ({ runDirs: ['/run'], envSockets: [], hostSockets: [], keep: ['/home/me', '/usr/bin'], ...over })

  it('masks /run, the runtime directory and directories of named sockets; covers the other sockets', () => {
    expect(planSocketMasks(facts({
      runtimeDir: '/var/xdg/7',
      envSockets: ['/var/agents/ssh-1/agent.sock', '/run/user/7/bus'],
      hostSockets: ['/var/tmp/x.sock', '/run/docker.sock', '/tmp/.X11-unix/X0', '/ws/dev.sock', '/var/agents/ssh-1/other'],
    }), '/ws')).toEqual({
      maskedDirs: ['/run', '/run/user/7', '/var/agents/ssh-1', '/var/xdg/7'],
      socketFiles: ['/var/tmp/x.sock', '/ws/dev.sock'],
    })
  })

  it('never masks a top-level directory or one holding $HOME, a PATH entry or the workspace: covers the socket alone', () => {
    const plan = planSocketMasks(facts({
      runDirs: [],
      envSockets: ['/home/me/.agent.sock', '/var/x.sock', '/usr/bin/odd.sock', '/srv/ws-parent/s.sock'],
    }), '/srv/ws-parent/ws')
    expect(plan).toEqual({ maskedDirs: [], socketFiles: ['/home/me/.agent.sock', '/srv/ws-parent/s.sock', '/usr/bin/odd.sock', '/var/x.sock'] })
  })

  it('a socket in the workspace is covered even when the workspace lies in a masked directory', () => {
    expect(planSocketMasks(facts({ hostSockets: ['/run/user/7/ws/dev.sock', '/run/user/7/other.sock'] }), '/run/user/7/ws').socketFiles).toEqual(['/run/user/7/ws/dev.sock'])
  })

  it('fails closed with SANDBOX_UNAVAILABLE past the number of sockets it can cover', () => {
    const hostSockets = Array.from({ length: MAX_SOCKET_FILES + 1 }, (_, i) => `/var/s/${i}.sock`)
    expect(() => planSocketMasks(facts({ hostSockets }), '/ws')).toThrow(expect.objectContaining({ code: 'SANDBOX_UNAVAILABLE', message: expect.stringContaining('nothing was started') }))
  })
})
