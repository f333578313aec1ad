import { describe, expect, it } from 'vitest'
import { Containment, type ContainmentEnv } from '../src/cgroup/containment'
import type { HostDirOwner } from '../src/cgroup/parse-files'
import { FakeCgroupFs } from './fake-cgroup-fs'

const ROOT = '/sys/fs/cgroup'
const MOUNTS = `28 22 0:26 / ${ROOT} rw,relatime shared:4 - cgroup2 cgroup2 rw,nsdelegate\n`
const SELF: HostDirOwner = { pid: 500, start: '777', instance: 1 }
const LIMITS = { maxProcesses: 1024, maxMemoryBytes: 64 << 20 }

function env(fs: FakeCgroupFs, procCgroup: string, alive: (o: HostDirOwner) => boolean = () => false): ContainmentEnv & { killed: number[] } {
  const killed: number[] = []
  let time = 0
  return {
    fs, procCgroup, mountinfo: MOUNTS, self: SELF, isAlive: alive, killed,
    kill: (pid) => { killed.push(pid); return true },
    sleep: async (ms) => { time += ms },
    now: () => time,
  }
}

describe('Containment on a pure cgroup v2 tree', () => {
  it('at the root: pids and memory enabled through subtree_control, each session gets pids.max and memory.max', async () => {
    const fs = new FakeCgroupFs(ROOT, ['cpu', 'io', 'memory', 'pids'])
    const containment = await Containment.detect(env(fs, '0::/\n'), LIMITS)
    expect(containment.report).toMatchObject({ kind: 'cgroup-v2', maxProcesses: 1024, maxMemoryBytes: 64 << 20, unenforced: [] })
    const session = await containment.create()
    expect(session!.dir).toBe(`${ROOT}/dsh-host-500-777-1/s1`)
    expect(session!.procsFiles).toEqual([`${ROOT}/dsh-host-500-777-1/s1/cgroup.procs`])
    expect(fs.readSync(`${session!.dir}/pids.max`)).toBe('1024')
    expect(fs.readSync(`${session!.dir}/memory.max`)).toBe(String(64 << 20))
    fs.addProcs(session!.dir, [41, 42])
    expect(await session!.members()).toEqual([41, 42])
    await session!.kill()
    expect(fs.writes).toContain(`${session!.dir}/cgroup.kill 1`)
    expect(await session!.remove()).toBe(true)
    await containment.dispose()
    expect(await fs.list(ROOT)).toEqual([])
  })

  it('in a service cgroup that holds the host: pids works, memory is refused (EBUSY) and said so with the fix', async () => {
    const fs = new FakeCgroupFs(ROOT, ['memory', 'pids'])
    await fs.mkdir(`${ROOT}/app.service`)
    fs.setControllers(`${ROOT}/app.service`, ['memory', 'pids'])
    fs.addProcs(`${ROOT}/app.service`, [500])
    const containment = await Containment.detect(env(fs, '0::/app.service\n'), LIMITS)
    expect(containment.report.kind).toBe('cgroup-v2')
    expect(containment.report.maxProcesses).toBe(1024)
    expect(containment.report.maxMemoryBytes).toBeUndefined()
    expect(containment.report.unenforced).toEqual([expect.stringMatching(/maxMemoryBytes .* not enforced: .*EBUSY|Delegate=yes/)])
    const session = await containment.create()
    expect(fs.readSync(`${session!.dir}/pids.max`)).toBe('1024')
    await session!.remove()
    await containment.dispose()
  })

  it('a tree this process cannot write: none, with the reason, and the configured limits listed as not enforced', async () => {
    const fs = new FakeCgroupFs(ROOT, ['pids'])
    fs.readOnly.add(ROOT)
    const containment = await Containment.detect(env(fs, '0::/\n'), LIMITS)
    expect(containment.report.kind).toBe('none')
    expect(containment.report.detail).toMatch(/cannot create \/sys\/fs\/cgroup\/dsh-host-500-777-1 \(EACCES\)/)
    expect(containment.report.unenforced).toHaveLength(2)
    expect(await containment.create()).toBeUndefined()
  })

  it('a failed session setup removes what it made and rejects SPAWN_FAILED', async () => {
    const fs = new FakeCgroupFs(ROOT, ['pids'])
    const containment = await Containment.detect(env(fs, '0::/\n'), { maxProcesses: 10, maxMemoryBytes: 0 })
    const write = fs.write.bind(fs)
    fs.write = async (path, text) => {
      if (path.endsWith('/pids.max')) throw Object.assign(new Error('EINVAL'), { code: 'EINVAL' })
      return write(path, text)
    }
    await expect(containment.create()).rejects.toMatchObject({ code: 'SPAWN_FAILED', message: expect.stringMatching(/pids.max = 10: EINVAL/) })
    expect(await fs.list(`${ROOT}/dsh-host-500-777-1`)).toEqual([])
  })

  it('reaps the sessions of dead hosts at start (killing what runs in them) and leaves live hosts alone', async () => {
    const fs = new FakeCgroupFs(ROOT, ['pids'])
    for (const dir of ['dsh-host-90-1-1', 'dsh-host-90-1-1/s1', 'dsh-host-90-1-1/s2', 'dsh-host-91-5-1', 'dsh-host-91-5-1/s1', 'other.slice']) await fs.mkdir(`${ROOT}/${dir}`)
    fs.addProcs(`${ROOT}/dsh-host-90-1-1/s1`, [7001, 7002])
    fs.addProcs(`${ROOT}/dsh-host-91-5-1/s1`, [8001])
    const containment = await Containment.detect(env(fs, '0::/\n', (owner) => owner.pid === 91), LIMITS)
    expect(containment.report.reaped).toEqual({ hosts: [`${ROOT}/dsh-host-90-1-1`], killed: 2, left: [] })
    expect(fs.writes).toContain(`${ROOT}/dsh-host-90-1-1/s1/cgroup.kill 1`)
    expect((await fs.list(ROOT))?.sort()).toEqual(['dsh-host-500-777-1', 'dsh-host-91-5-1', 'other.slice'])
    await containment.dispose()
  })
})
