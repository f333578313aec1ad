// @dsh-pure
import { SubprocessError, type SubprocessContainment } from 'dsh-subprocess'
import { type CgroupFs, errorCode, removeCgroupDir } from './cgroup-fs'
import { type HostDirOwner, hostDirName, parseControllers, sessionDirName } from './parse-files'
import { type CgroupPlan, planCgroups } from './parse-proc'
import { type ReapReport, reapStale } from './reap'
import { SessionCgroup } from './session-cgroup'

/** Per-session limits; 0 leaves a limit off. */
export interface ContainmentLimits {
  /** pids.max of each session's cgroup (every process and thread counts). */
  readonly maxProcesses: number
  /** memory.max (v2) or memory.limit_in_bytes (v1) of each session's cgroup. */
  readonly maxMemoryBytes: number
}

/** What the host can promise about its sessions, decided once at start. */
export interface ContainmentReport extends SubprocessContainment {
  /** Stale sessions of dead hosts found and removed at start. */
  readonly reaped?: ReapReport
}

export interface ContainmentEnv {
  readonly fs: CgroupFs
  /** /proc/self/cgroup and /proc/self/mountinfo; undefined where unreadable (not Linux). */
  readonly procCgroup: string | undefined
  readonly mountinfo: string | undefined
  /** This host instance: names its cgroup directory. */
  readonly self: HostDirOwner
  readonly isAlive: (owner: HostDirOwner) => boolean
  readonly kill: (pid: number) => boolean
  readonly sleep: (ms: number) => Promise<void>
  readonly now: () => number
}

interface Layout {
  /** This host's directory in the unified hierarchy; sessions are s<n> below it. */
  readonly unifiedHost: string
  /** v2: limit files written in each session's unified directory. */
  readonly v2Files: ReadonlyArray<readonly [string, string]>
  /** Hybrid: v1 host directories, each with the limit file its sessions get. */
  readonly v1Hosts: ReadonlyArray<{ readonly host: string; readonly file: string; readonly value: string }>
  readonly hasKill: boolean
}

/**
 * Session cgroups behind one interface: pure v2 (controllers enabled through
 * cgroup.subtree_control) or a v1/v2 hybrid (the unified cgroup2 for membership and
 * cgroup.kill, v1 `pids` and `memory` for the limits), detected once; `none` where the tree
 * is not writable (then `create()` returns undefined and teardown falls back to /proc).
 */
export class Containment {
  private sessions = 0

  private constructor(
    readonly report: ContainmentReport,
    private readonly env: ContainmentEnv | undefined,
    private readonly layout: Layout | undefined,
  ) {}

  static none(detail: string, limits: ContainmentLimits, reaped?: ReapReport): Containment {
    const unenforced = [
      ...(limits.maxProcesses > 0 ? [`maxProcesses (${limits.maxProcesses}) is not enforced: no session cgroups`] : []),
      ...(limits.maxMemoryBytes > 0 ? [`maxMemoryBytes (${limits.maxMemoryBytes}) is not enforced: no session cgroups`] : []),
    ]
    return new Containment({ kind: 'none', detail, unenforced, ...(reaped ? { reaped } : {}) }, undefined, undefined)
  }

  /** Detect the layout, reap the sessions of dead hosts, and create this host's directories. */
  static async detect(env: ContainmentEnv, limits: ContainmentLimits): Promise<Containment> {
    if (env.procCgroup === undefined || env.mountinfo === undefined) {
      return Containment.none('no session cgroups: /proc/self/cgroup is unreadable (cgroups are Linux-only)', limits)
    }
    const plan = planCgroups(env.procCgroup, env.mountinfo)
    if (plan.kind === 'none') return Containment.none(`no session cgroups: ${plan.reason}`, limits)
    const reaped = await reapStale([plan.unified, ...v1Bases(plan)], env)
    const name = hostDirName(env.self)
    const unifiedHost = `${plan.unified}/${name}`
    try {
      await env.fs.mkdir(unifiedHost)
    } catch (error) {
      return Containment.none(`no session cgroups: cannot create ${unifiedHost} (${errorCode(error) || String(error)}); the cgroup tree is not writable by this process`, limits, reaped)
    }
    const hasKill = await env.fs.exists(`${unifiedHost}/cgroup.kill`)
    const unenforced: string[] = []
    const layout = plan.kind === 'v2'
      ? await v2Layout(env, plan.unified, unifiedHost, limits, unenforced)
      : await hybridLayout(env, plan, name, limits, unenforced)
    const full = { unifiedHost, hasKill, ...layout }
    const enforced = (what: string) => full.v2Files.some(([f]) => f.startsWith(what)) || full.v1Hosts.some((h) => h.file.startsWith(what))
    const report: ContainmentReport = {
      kind: plan.kind === 'v2' ? 'cgroup-v2' : 'cgroup-hybrid',
      detail: `each session in its own cgroup under ${unifiedHost}${hasKill ? '' : ' (no cgroup.kill before Linux 5.14: members are killed one by one)'}` +
        (full.v1Hosts.length > 0 ? `; limits through cgroup v1 ${full.v1Hosts.map((h) => h.host).join(', ')}` : ''),
      ...(enforced('pids') ? { maxProcesses: limits.maxProcesses } : {}),
      ...(enforced('memory') ? { maxMemoryBytes: limits.maxMemoryBytes } : {}),
      unenforced,
      reaped,
    }
    return new Containment(report, env, full)
  }

  /** A new session cgroup with the limits applied; undefined without containment. */
  async create(): Promise<SessionCgroup | undefined> {
    const { env, layout } = this
    if (!env || !layout) return undefined
    const name = sessionDirName(++this.sessions)
    const made: string[] = []
    const step = async (what: string, run: () => Promise<void>) => {
      try {
        await run()
      } catch (error) {
        for (const dir of made.reverse()) await removeCgroupDir(env.fs, dir, env.sleep)
        throw new SubprocessError('SPAWN_FAILED', `could not set up the session cgroup (${what}: ${errorCode(error) || String(error)}); nothing was started. Check the cgroup tree (${layout.unifiedHost})`, { cause: error })
      }
    }
    const dir = `${layout.unifiedHost}/${name}`
    await step(`mkdir ${dir}`, async () => { await env.fs.mkdir(dir); made.push(dir) })
    for (const [file, value] of layout.v2Files) await step(`${file} = ${value}`, () => env.fs.write(`${dir}/${file}`, value))
    const v1Dirs: string[] = []
    for (const { host, file, value } of layout.v1Hosts) {
      const v1 = `${host}/${name}`
      await step(`mkdir ${v1}`, async () => { await env.fs.mkdir(v1); made.push(v1) })
      await step(`${v1}/${file} = ${value}`, () => env.fs.write(`${v1}/${file}`, value))
      v1Dirs.push(v1)
    }
    return new SessionCgroup(env, dir, v1Dirs, layout.hasKill)
  }

  /** Remove this host's directories (sessions left in them stay for the next start's reaper). */
  async dispose(): Promise<void> {
    const { env, layout } = this
    if (!env || !layout) return
    for (const dir of [layout.unifiedHost, ...layout.v1Hosts.map((h) => h.host)]) await removeCgroupDir(env.fs, dir, env.sleep)
  }

  disposeSync(): void {
    const { env, layout } = this
    if (!env || !layout) return
    for (const dir of [layout.unifiedHost, ...layout.v1Hosts.map((h) => h.host)]) {
      try {
        env.fs.rmdirSync(dir)
      } catch {
        // sessions still in it: reaped at the next start
      }
    }
  }
}

function v1Bases(plan: CgroupPlan): string[] {
  return plan.kind === 'hybrid' ? [plan.pids, plan.memory].filter((d): d is string => d !== undefined) : []
}

/** Pure v2: enable each wanted controller in the own cgroup and in the host directory. */
async function v2Layout(env: ContainmentEnv, own: string, host: string, limits: ContainmentLimits, unenforced: string[]) {
  const available = parseControllers((await env.fs.read(`${own}/cgroup.controllers`)) ?? '')
  const v2Files: Array<readonly [string, string]> = []
  const wants: Array<readonly [string, string, string, number]> = [
    ['pids', 'pids.max', 'maxProcesses', limits.maxProcesses],
    ['memory', 'memory.max', 'maxMemoryBytes', limits.maxMemoryBytes],
  ]
  for (const [controller, file, field, value] of wants) {
    if (value <= 0) continue
    if (!available.includes(controller)) {
      unenforced.push(`${field} (${value}) is not enforced: the ${controller} controller is not available in ${own}`)
      continue
    }
    try {
      await env.fs.write(`${own}/cgroup.subtree_control`, `+${controller}`)
      await env.fs.write(`${host}/cgroup.subtree_control`, `+${controller}`)
      v2Files.push([file, String(value)])
    } catch (error) {
      const code = errorCode(error)
      const why = code === 'EBUSY' ? 'this host shares its cgroup with its own processes; run it in a delegated cgroup of its own (systemd: Delegate=yes)' : code || String(error)
      unenforced.push(`${field} (${value}) is not enforced: cannot enable the ${controller} controller for ${host} (${why})`)
    }
  }
  return { v2Files, v1Hosts: [] }
}

/** Hybrid: a v1 host directory per limit, in this process's own v1 cgroup of that controller. */
async function hybridLayout(env: ContainmentEnv, plan: Extract<CgroupPlan, { kind: 'hybrid' }>, name: string, limits: ContainmentLimits, unenforced: string[]) {
  const v1Hosts: Array<{ host: string; file: string; value: string }> = []
  const wants: Array<readonly [string | undefined, string, string, string, number]> = [
    [plan.pids, 'pids', 'pids.max', 'maxProcesses', limits.maxProcesses],
    [plan.memory, 'memory', 'memory.limit_in_bytes', 'maxMemoryBytes', limits.maxMemoryBytes],
  ]
  for (const [base, controller, file, field, value] of wants) {
    if (value <= 0) continue
    if (!base) {
      unenforced.push(`${field} (${value}) is not enforced: no cgroup v1 ${controller} hierarchy holds this process`)
      continue
    }
    const host = `${base}/${name}`
    try {
      await env.fs.mkdir(host)
      v1Hosts.push({ host, file, value: String(value) })
    } catch (error) {
      unenforced.push(`${field} (${value}) is not enforced: cannot create ${host} (${errorCode(error) || String(error)})`)
    }
  }
  return { v2Files: [], v1Hosts }
}
