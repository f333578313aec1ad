import { describe, expect, it } from 'vitest'
import { hostDirName, parseControllers, parseEvents, parseHostDirName, parseProcs } from '../src/cgroup/parse-files'
import { cgroupDir, parseMountinfo, parseProcCgroup, planCgroups } from '../src/cgroup/parse-proc'

// This machine (and CI): a tmpfs at /sys/fs/cgroup with v1 controllers and a controller-less
// cgroup2 at /sys/fs/cgroup/unified.
const HYBRID_CGROUP = [
  '9:name=systemd:/', '8:pids:/', '7:blkio:/', '6:freezer:/', '5:devices:/',
  '4:memory:/process_api/368ee2070c6c268139068438f0fac49f', '3:cpuset:/', '2:cpuacct:/', '1:cpu:/', '0::/',
].join('\n')
const HYBRID_MOUNTS = [
  '31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755',
  '32 31 0:29 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu',
  '35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory',
  '39 31 0:36 / /sys/fs/cgroup/pids rw,relatime - cgroup cgroup rw,pids',
  '40 31 0:37 / /sys/fs/cgroup/systemd rw,relatime - cgroup cgroup rw,name=systemd',
  '41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw',
].join('\n')

// A systemd machine with the unified hierarchy only (a user service).
const V2_CGROUP = '0::/user.slice/user-1000.slice/user@1000.service/app.slice/dsh.service\n'
const V2_MOUNTS = '28 22 0:26 / /sys/fs/cgroup rw,nosuid,nodev,noexec,relatime shared:4 - cgroup2 cgroup2 rw,nsdelegate,memory_recursiveprot\n'

// A container with a cgroup namespace whose mount shows a subtree (root is not "/").
const NS_MOUNTS = '700 690 0:26 /docker/abc /sys/fs/cgroup ro,nosuid - cgroup2 cgroup2 rw\n'

describe('parseProcCgroup', () => {
  it('reads hierarchy, controllers and path per line', () => {
    const rows = parseProcCgroup(HYBRID_CGROUP)
    expect(rows).toHaveLength(10)
    expect(rows[5]).toEqual({ hierarchy: 4, controllers: ['memory'], path: '/process_api/368ee2070c6c268139068438f0fac49f' })
    expect(rows[9]).toEqual({ hierarchy: 0, controllers: [], path: '/' })
    expect(parseProcCgroup('2:cpu,cpuacct:/a\ngarbage\n')).toEqual([{ hierarchy: 2, controllers: ['cpu', 'cpuacct'], path: '/a' }])
  })
})

describe('parseMountinfo', () => {
  it('keeps cgroup and cgroup2 mounts with their v1 controllers', () => {
    expect(parseMountinfo(HYBRID_MOUNTS)).toEqual([
      { fstype: 'cgroup', mountPoint: '/sys/fs/cgroup/cpu', root: '/', controllers: ['cpu'] },
      { fstype: 'cgroup', mountPoint: '/sys/fs/cgroup/memory', root: '/', controllers: ['memory'] },
      { fstype: 'cgroup', mountPoint: '/sys/fs/cgroup/pids', root: '/', controllers: ['pids'] },
      { fstype: 'cgroup', mountPoint: '/sys/fs/cgroup/systemd', root: '/', controllers: [] },
      { fstype: 'cgroup2', mountPoint: '/sys/fs/cgroup/unified', root: '/', controllers: [] },
    ])
  })

  it('reads optional fields and octal escapes', () => {
    expect(parseMountinfo('1 2 0:1 / /mnt/my\\040cg rw shared:1 master:2 - cgroup2 none rw\n')).toEqual([
      { fstype: 'cgroup2', mountPoint: '/mnt/my cg', root: '/', controllers: [] },
    ])
  })
})

describe('cgroupDir', () => {
  it('maps a cgroup path below the mount root to a directory, and refuses paths outside it', () => {
    const [mount] = parseMountinfo(NS_MOUNTS)
    expect(cgroupDir(mount!, '/docker/abc/sub')).toBe('/sys/fs/cgroup/sub')
    expect(cgroupDir(mount!, '/docker/abc')).toBe('/sys/fs/cgroup')
    expect(cgroupDir(mount!, '/docker/abcdef')).toBeUndefined()
    expect(cgroupDir(mount!, '/other')).toBeUndefined()
  })
})

describe('planCgroups', () => {
  it('this machine: hybrid, membership and cgroup.kill on the unified mount, limits on v1 pids and memory', () => {
    expect(planCgroups(HYBRID_CGROUP, HYBRID_MOUNTS)).toEqual({
      kind: 'hybrid',
      unified: '/sys/fs/cgroup/unified',
      pids: '/sys/fs/cgroup/pids',
      memory: '/sys/fs/cgroup/memory/process_api/368ee2070c6c268139068438f0fac49f',
    })
  })

  it('pure v2: the own cgroup on the unified mount', () => {
    expect(planCgroups(V2_CGROUP, V2_MOUNTS)).toEqual({
      kind: 'v2', unified: '/sys/fs/cgroup/user.slice/user-1000.slice/user@1000.service/app.slice/dsh.service',
    })
  })

  it('a cgroup namespace: the path is read against the mount root', () => {
    expect(planCgroups('0::/docker/abc/host\n', NS_MOUNTS)).toEqual({ kind: 'v2', unified: '/sys/fs/cgroup/host' })
  })

  it('v1 only, or nothing: none, with the reason', () => {
    const plan = planCgroups('4:memory:/a\n8:pids:/\n', '35 31 0:32 / /sys/fs/cgroup/memory rw - cgroup cgroup rw,memory\n')
    expect(plan).toEqual({ kind: 'none', reason: expect.stringMatching(/no cgroup v2 hierarchy/) })
    expect(planCgroups('0::/x\n', HYBRID_MOUNTS.split('\n').slice(0, 3).join('\n'))).toEqual({ kind: 'none', reason: expect.stringMatching(/no cgroup2 mount/) })
    expect(planCgroups('', '')).toMatchObject({ kind: 'none' })
  })
})

describe('cgroup files', () => {
  it('parseProcs: one pid per line, blanks and junk skipped', () => {
    expect(parseProcs('12\n345\n\n')).toEqual([12, 345])
    expect(parseProcs('')).toEqual([])
    expect(parseProcs('x\n0\n7\n')).toEqual([7])
  })

  it('parseEvents: populated and frozen', () => {
    expect(parseEvents('populated 1\nfrozen 0\n')).toEqual({ populated: true, frozen: false })
    expect(parseEvents('populated 0\nfrozen 1\n')).toEqual({ populated: false, frozen: true })
    expect(parseEvents('')).toEqual({ populated: false, frozen: false })
  })

  it('parseControllers', () => {
    expect(parseControllers('cpuset cpu io memory pids\n')).toEqual(['cpuset', 'cpu', 'io', 'memory', 'pids'])
    expect(parseControllers('\n')).toEqual([])
  })

  it('host directory names round-trip; other names are not ours', () => {
    const owner = { pid: 4242, start: '98765', instance: 3 }
    expect(hostDirName(owner)).toBe('dsh-host-4242-98765-3')
    expect(parseHostDirName(hostDirName(owner))).toEqual(owner)
    expect(parseHostDirName('dsh-host-1-2')).toBeUndefined()
    expect(parseHostDirName('system.slice')).toBeUndefined()
  })
})
