// @dsh-pure
import { type CgroupFs, removeCgroupDir } from './cgroup-fs'
import { type HostDirOwner, isSessionDirName, parseEvents, parseHostDirName, parseProcs } from './parse-files'

/** How long a killed stale session may take to empty before its directory is given up. */
export const REAP_KILL_WAIT_MS = 2_000
/** Poll period while a killed stale session empties. */
export const REAP_POLL_MS = 5

export interface ReapDeps {
  readonly fs: CgroupFs
  /** True while a process with this pid and start time exists. */
  readonly isAlive: (owner: HostDirOwner) => boolean
  readonly kill: (pid: number) => boolean
  readonly sleep: (ms: number) => Promise<void>
  readonly now: () => number
}

export interface ReapReport {
  /** Host directories of dead hosts that were removed. */
  readonly hosts: string[]
  /** Processes that were still running in them and were killed. */
  readonly killed: number
  /** Directories that could not be removed (reported, retried at the next start). */
  readonly left: string[]
}

/**
 * Remove the session cgroups a host left when it died without its teardown (kill -9, a
 * crash, a power cut of the process): every `dsh-host-<pid>-<start>-<n>` directory under
 * `bases` whose owner is no longer alive. The unified base comes first: its cgroup.kill ends
 * every process of those sessions (setsid daemons included); the v1 directories are then empty.
 */
export async function reapStale(bases: readonly string[], deps: ReapDeps): Promise<ReapReport> {
  const report: ReapReport = { hosts: [], killed: 0, left: [] }
  let killed = 0
  for (const base of bases) {
    for (const name of (await deps.fs.list(base)) ?? []) {
      const owner = parseHostDirName(name)
      if (!owner || deps.isAlive(owner)) continue
      const host = `${base}/${name}`
      let clean = true
      for (const session of ((await deps.fs.list(host)) ?? []).filter(isSessionDirName)) {
        const dir = `${host}/${session}`
        killed += await killAll(dir, deps)
        if (!(await removeDir(dir, deps))) {
          clean = false
          report.left.push(dir)
        }
      }
      if (clean && (await removeDir(host, deps))) report.hosts.push(host)
      else report.left.push(host)
    }
  }
  return { ...report, killed }
}

/** Kill everything in one cgroup directory and wait (bounded) until it is empty; returns how many there were. */
async function killAll(dir: string, deps: ReapDeps): Promise<number> {
  const members = parseProcs((await deps.fs.read(`${dir}/cgroup.procs`)) ?? '')
  if (members.length === 0) return 0
  const viaKill = await deps.fs.write(`${dir}/cgroup.kill`, '1').then(() => true, () => false)
  if (!viaKill) for (const pid of members) deps.kill(pid)
  const deadline = deps.now() + REAP_KILL_WAIT_MS
  while (deps.now() < deadline) {
    const events = await deps.fs.read(`${dir}/cgroup.events`)
    const busy = events === undefined ? parseProcs((await deps.fs.read(`${dir}/cgroup.procs`)) ?? '').length > 0 : parseEvents(events).populated
    if (!busy) break
    if (!viaKill) for (const pid of parseProcs((await deps.fs.read(`${dir}/cgroup.procs`)) ?? '')) deps.kill(pid)
    await deps.sleep(REAP_POLL_MS)
  }
  return members.length
}

function removeDir(dir: string, deps: ReapDeps): Promise<boolean> {
  return removeCgroupDir(deps.fs, dir, deps.sleep)
}
