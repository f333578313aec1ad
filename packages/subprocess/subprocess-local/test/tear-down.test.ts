import { describe, expect, it } from 'vitest'
import { KILL_VERIFY_MS, REHANGUP_MS, tearDown } from '../src/teardown/tear-down'
import { FakeWorld } from './fake-world'

const GRACE = 1000

/** A world with an interactive bash (pid 100, session leader, ignores SIGTERM, exits on SIGHUP). */
function shellWorld() {
  const world = new FakeWorld()
  world.spawn({ pid: 1, ppid: 0, sid: 1, pgid: 1 }, { SIGTERM: 'ignore', SIGHUP: 'ignore', SIGKILL: 'ignore' })
  const shell = world.spawn({ pid: 100, ppid: 1, pgid: 100, sid: 100, tpgid: 100 }, { SIGTERM: 'ignore' })
  const target = { top: { pid: 100, start: shell.row.start }, topExited: () => !world.alive(100), graceMs: GRACE }
  return { world, target }
}

describe('tearDown', () => {
  it('an idle shell exits on the hang-up: nothing else is signalled, nothing waits for the grace', async () => {
    const { world, target } = shellWorld()
    const report = await tearDown(target, world.deps())
    expect(report).toEqual({ signalled: [], killed: [], survivors: [] })
    expect(world.log).toEqual(['SIGHUP 100'])
    expect(world.time).toBeLessThan(GRACE)
  })

  it('a shell that slept through the hang-up gets it again every REHANGUP_MS, long before the grace', async () => {
    const { world, target } = shellWorld()
    let hangUps = 0
    // The first two SIGHUPs (group and shell) land before readline blocks: recorded, not acted on.
    world.procs.get(100)!.on.SIGHUP = (w) => { if (++hangUps > 2) w.exit(100) }
    const report = await tearDown(target, world.deps())
    expect(report).toEqual({ signalled: [], killed: [], survivors: [] })
    expect(world.log).toEqual(['SIGHUP 100', 'SIGCONT 100', 'SIGHUP 100', 'SIGTERM 100', 'SIGHUP 100'])
    expect(world.time).toBeGreaterThanOrEqual(REHANGUP_MS)
    expect(world.time).toBeLessThan(REHANGUP_MS + 10)
  })

  it('repeats the hang-up through the grace, and still SIGKILLs a job and a shell that ignore it and SIGTERM', async () => {
    const { world, target } = shellWorld()
    const shell = world.procs.get(100)!
    shell.row = { ...shell.row, tpgid: 200 }
    shell.on.SIGHUP = 'ignore'
    world.spawn({ pid: 200, ppid: 100, pgid: 200 }, { SIGTERM: 'ignore', SIGHUP: 'ignore' })
    const report = await tearDown(target, world.deps())
    expect(report).toEqual({ signalled: [200], killed: [200, 100], survivors: [] })
    expect(world.procs.has(100) || world.procs.has(200)).toBe(false)
    const hangUps = world.log.filter((l) => l === 'SIGHUP 200').length
    expect(hangUps).toBeGreaterThanOrEqual(Math.floor(GRACE / REHANGUP_MS))
    expect(hangUps).toBeLessThanOrEqual(Math.floor(GRACE / REHANGUP_MS) + 2)
    expect(world.log.indexOf('SIGKILL 200')).toBeGreaterThan(world.log.lastIndexOf('SIGHUP 200'))
  })

  it('SIGTERMs descendants children first, then SIGKILLs one that ignores SIGTERM and SIGHUP after the grace', async () => {
    const { world, target } = shellWorld()
    world.spawn({ pid: 200, ppid: 100, pgid: 200 })
    world.spawn({ pid: 201, ppid: 200, pgid: 200 }, { SIGTERM: 'ignore', SIGHUP: 'ignore' })
    const report = await tearDown(target, world.deps())
    expect(report.signalled).toEqual([201, 200])
    expect(report.killed).toEqual([201])
    expect(report.survivors).toEqual([])
    expect(world.time).toBeGreaterThanOrEqual(GRACE)
    expect(world.procs.has(201)).toBe(false)
  })

  it('never signals a reused pid: identity is pid plus start time', async () => {
    const { world, target } = shellWorld()
    world.spawn({ pid: 200, ppid: 100, pgid: 300 }, {
      SIGTERM: (w) => {
        w.exit(200)
        w.spawn({ pid: 200, ppid: 1, pgid: 200, sid: 200, start: 'someone-else' }, { SIGTERM: 'ignore' })
      },
      SIGHUP: 'ignore',
    })
    world.spawn({ pid: 201, ppid: 100, pgid: 301 }, { SIGTERM: 'ignore', SIGHUP: 'ignore' })
    const report = await tearDown(target, world.deps())
    expect(report.killed).toEqual([201])
    expect(world.log.filter((l) => l.endsWith(' 200'))).toEqual(['SIGTERM 200'])
    expect(world.procs.get(200)?.row.start).toBe('someone-else')
  })

  it('rescans and kills children forked while teardown runs', async () => {
    const { world, target } = shellWorld()
    world.spawn({ pid: 200, ppid: 100, pgid: 200 }, {
      SIGHUP: 'ignore',
      SIGTERM: (w) => { w.spawn({ pid: 250, ppid: 200, pgid: 200 }, { SIGTERM: 'ignore', SIGHUP: 'ignore' }) },
    })
    const report = await tearDown(target, world.deps())
    expect(report.killed.sort()).toEqual([200, 250])
    expect(report.survivors).toEqual([])
    expect([...world.procs.keys()]).toEqual([1])
  })

  it('follows a captured process after it was reparented, and finds session orphans', async () => {
    const { world, target } = shellWorld()
    world.spawn({ pid: 200, ppid: 100, pgid: 200 }, { SIGHUP: 'exit' })
    world.spawn({ pid: 201, ppid: 200, pgid: 200 }, { SIGTERM: 'ignore', SIGHUP: 'ignore' })
    world.spawn({ pid: 300, ppid: 1, pgid: 300, sid: 100 }, { SIGTERM: 'ignore', SIGHUP: 'ignore' })
    const report = await tearDown(target, world.deps())
    expect(report.killed.sort()).toEqual([201, 300])
    expect(world.procs.has(201) || world.procs.has(300)).toBe(false)
  })

  it('after the top exited by itself, still finds and kills what is left of its session', async () => {
    const { world, target } = shellWorld()
    world.spawn({ pid: 200, ppid: 100, pgid: 100 }, { SIGHUP: 'ignore', SIGTERM: 'ignore' })
    world.exit(100)
    const report = await tearDown(target, world.deps())
    expect(report).toEqual({ signalled: [200], killed: [200], survivors: [] })
  })

  it('never takes the session of a process that reuses the top pid', async () => {
    const { world, target } = shellWorld()
    world.exit(100)
    world.spawn({ pid: 100, ppid: 1, pgid: 100, sid: 100, start: 'reused' })
    world.spawn({ pid: 300, ppid: 100, pgid: 100, sid: 100 })
    const report = await tearDown(target, world.deps())
    expect(report).toEqual({ signalled: [], killed: [], survivors: [] })
    expect(world.log).toEqual([])
  })

  it('counts zombies of the captured set as gone', async () => {
    const { world, target } = shellWorld()
    world.spawn({ pid: 200, ppid: 100, pgid: 200 }, { SIGHUP: 'ignore' }, false)
    world.spawn({ pid: 201, ppid: 200, pgid: 200 })
    world.procs.get(100)!.reaps = false
    const report = await tearDown(target, world.deps())
    expect(report.survivors).toEqual([])
    expect(world.procs.get(201)?.row.state).toBe('Z')
  })

  it('wakes a stopped descendant with SIGCONT so it can act on SIGTERM', async () => {
    const { world, target } = shellWorld()
    world.spawn({ pid: 200, ppid: 100, pgid: 200, state: 'T' }, { SIGHUP: 'ignore' })
    const report = await tearDown(target, world.deps())
    expect(world.log).toContain('SIGCONT 200')
    expect(report.killed).toEqual([])
    expect(world.procs.has(200)).toBe(false)
  })

  it('reports survivors that outlive SIGKILL, and stops the top only after the descendants', async () => {
    const { world, target } = shellWorld()
    world.procs.get(100)!.on.SIGHUP = 'ignore'
    world.spawn({ pid: 200, ppid: 100, pgid: 200, state: 'D' }, { SIGTERM: 'ignore', SIGHUP: 'ignore', SIGKILL: 'ignore' })
    const report = await tearDown(target, world.deps())
    expect(report.survivors).toEqual([200])
    expect(world.time).toBeGreaterThanOrEqual(KILL_VERIFY_MS)
    const lastDescendantSignal = world.log.lastIndexOf('SIGKILL 200')
    const topTerm = world.log.lastIndexOf('SIGTERM 100')
    expect(topTerm).toBeGreaterThan(lastDescendantSignal)
    expect(report.killed).toContain(100)
  })

  it('a later call retries and completes once the survivor can die', async () => {
    const { world, target } = shellWorld()
    const stuck = world.spawn({ pid: 200, ppid: 100, pgid: 200 }, { SIGTERM: 'ignore', SIGHUP: 'ignore', SIGKILL: 'ignore' })
    expect((await tearDown(target, world.deps())).survivors).toEqual([200])
    stuck.on.SIGKILL = 'exit'
    expect(await tearDown(target, world.deps())).toMatchObject({ survivors: [] })
  })
})

describe('tearDown with the session cgroup', () => {
  /** shellWorld with the shell in the session cgroup. */
  function groupWorld() {
    const { world, target } = shellWorld()
    world.cgroup.add(100)
    return { world, target: { ...target, group: world.group() } }
  }

  it('an idle shell exits on the hang-up: no cgroup.kill, nothing else signalled', async () => {
    const { world, target } = groupWorld()
    expect(await tearDown(target, world.deps())).toEqual({ signalled: [], killed: [], survivors: [] })
    expect(world.log).toEqual(['SIGHUP 100'])
  })

  it('a setsid double-fork daemon ignoring SIGHUP and SIGTERM (reparented, own session) is killed with the cgroup', async () => {
    const { world, target } = groupWorld()
    world.spawn({ pid: 300, ppid: 1, pgid: 300, sid: 300 }, { SIGTERM: 'ignore', SIGHUP: 'ignore' })
    world.cgroup.add(300)
    const report = await tearDown(target, world.deps())
    expect(report).toEqual({ signalled: [300], killed: [300], survivors: [] })
    expect(world.alive(300)).toBe(false)
    expect(world.log.at(-1)).toBe('cgroup.kill')
    // Without the cgroup the /proc family misses it: it is neither a descendant nor in the session.
    const { world: plain, target: plainTarget } = shellWorld()
    plain.spawn({ pid: 300, ppid: 1, pgid: 300, sid: 300 }, { SIGTERM: 'ignore', SIGHUP: 'ignore' })
    expect((await tearDown(plainTarget, plain.deps())).survivors).toEqual([])
    expect(plain.alive(300)).toBe(true)
  })

  it('a top that ignores the hang-up gets SIGTERM and its own grace before the cgroup is killed', async () => {
    const { world, target } = groupWorld()
    world.procs.get(100)!.on.SIGHUP = 'ignore'
    const report = await tearDown(target, world.deps())
    expect(report).toEqual({ signalled: [], killed: [100], survivors: [] })
    expect(world.log.indexOf('SIGTERM 100')).toBeLessThan(world.log.indexOf('cgroup.kill'))
    expect(world.time).toBeGreaterThanOrEqual(GRACE)
  })

  it('a process forked during the grace is killed with the rest', async () => {
    const { world, target } = groupWorld()
    world.spawn({ pid: 200, ppid: 100, pgid: 200 }, {
      SIGTERM: (w) => { w.spawn({ pid: 201, ppid: 200, pgid: 200 }, { SIGTERM: 'ignore', SIGHUP: 'ignore' }) },
      SIGHUP: 'ignore',
    })
    const report = await tearDown(target, world.deps())
    expect(report.signalled).toEqual([200])
    expect(report.killed).toEqual(expect.arrayContaining([200, 201]))
    expect(report.survivors).toEqual([])
  })

  it('a member that outlives cgroup.kill is reported as a survivor after KILL_VERIFY_MS', async () => {
    const { world, target } = groupWorld()
    world.spawn({ pid: 200, ppid: 100, pgid: 200, state: 'D' }, { SIGTERM: 'ignore', SIGHUP: 'ignore' })
    world.unkillable.add(200)
    const start = world.time
    const report = await tearDown(target, world.deps())
    expect(report.survivors).toEqual([200])
    expect(world.time - start).toBeGreaterThanOrEqual(GRACE + KILL_VERIFY_MS)
  })
})
