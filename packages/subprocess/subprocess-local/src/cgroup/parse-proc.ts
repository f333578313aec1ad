// @dsh-pure
/**
 * Where this process's cgroups live, from two texts the kernel gives every process:
 * /proc/self/cgroup (membership per hierarchy) and /proc/self/mountinfo (where each
 * hierarchy is mounted). Pure: the caller reads the files.
 */

/** One line of /proc/<pid>/cgroup: `hierarchy-id:controllers:path` (`0::/path` is cgroup v2). */
export interface CgroupMembership {
  readonly hierarchy: number
  /** v1 controllers bound to the hierarchy (`name=systemd` included as written); empty for v2. */
  readonly controllers: readonly string[]
  readonly path: string
}

/** A mounted cgroup hierarchy, from /proc/<pid>/mountinfo. */
export interface CgroupMount {
  readonly fstype: 'cgroup' | 'cgroup2'
  /** Where it is mounted, e.g. /sys/fs/cgroup/unified. */
  readonly mountPoint: string
  /** The cgroup path the mount shows at its mount point (not "/" under a cgroup namespace bind). */
  readonly root: string
  /** v1: the controllers named in the super options (`rw,pids` -> pids); empty for v2. */
  readonly controllers: readonly string[]
}

/**
 * Where session cgroups can go. `v2`: one unified hierarchy with its controllers (enabled
 * through cgroup.subtree_control). `hybrid`: a controller-less cgroup2 for membership and
 * cgroup.kill, plus v1 `pids` and `memory` hierarchies for the limits. Directories are this
 * process's own cgroup in each hierarchy.
 */
export type CgroupPlan =
  | { readonly kind: 'v2'; readonly unified: string }
  | { readonly kind: 'hybrid'; readonly unified: string; readonly pids?: string; readonly memory?: string }
  | { readonly kind: 'none'; readonly reason: string }

export function parseProcCgroup(text: string): CgroupMembership[] {
  const out: CgroupMembership[] = []
  for (const line of text.split('\n')) {
    const m = /^(\d+):([^:]*):(\/.*)$/.exec(line.trim())
    if (!m) continue
    out.push({ hierarchy: Number(m[1]), controllers: m[2] === '' ? [] : m[2]!.split(','), path: m[3]! })
  }
  return out
}

/** mountinfo escapes space, tab, newline and backslash as octal (\040). */
function unescapeMount(field: string): string {
  return field.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(Number.parseInt(octal, 8)))
}

export function parseMountinfo(text: string): CgroupMount[] {
  const out: CgroupMount[] = []
  for (const line of text.split('\n')) {
    const dash = line.indexOf(' - ')
    if (dash < 0) continue
    const before = line.slice(0, dash).split(' ')
    const after = line.slice(dash + 3).split(' ')
    const fstype = after[0]
    if ((fstype !== 'cgroup' && fstype !== 'cgroup2') || before.length < 5) continue
    const superOptions = (after[2] ?? '').split(',')
    const controllers = fstype === 'cgroup' ? superOptions.filter((o) => o !== 'rw' && o !== 'ro' && !o.includes('=') && /^[a-z_]+$/.test(o)) : []
    out.push({ fstype, mountPoint: unescapeMount(before[4]!), root: unescapeMount(before[3]!), controllers })
  }
  return out
}

/** The directory of cgroup `path` under `mount`; undefined when the mount does not show it. */
export function cgroupDir(mount: CgroupMount, path: string): string | undefined {
  const root = mount.root === '/' ? '' : mount.root
  if (root !== '' && path !== root && !path.startsWith(`${root}/`)) return undefined
  const rest = path.slice(root.length)
  return `${mount.mountPoint.replace(/\/+$/, '')}${rest === '/' ? '' : rest}`
}

/** Decide where session cgroups go; `none` says why not. */
export function planCgroups(procCgroup: string, mountinfo: string): CgroupPlan {
  const members = parseProcCgroup(procCgroup)
  const mounts = parseMountinfo(mountinfo)
  const v2 = members.find((m) => m.hierarchy === 0)
  const unifiedMount = mounts.find((m) => m.fstype === 'cgroup2' && v2 !== undefined && cgroupDir(m, v2.path) !== undefined)
  if (!v2 || !unifiedMount) {
    return { kind: 'none', reason: v2 ? `no cgroup2 mount shows this process's cgroup ${v2.path}` : 'this process is in no cgroup v2 hierarchy (cgroup v1 only, or no cgroups): cgroup.kill is unavailable' }
  }
  const unified = cgroupDir(unifiedMount, v2.path)!
  const v1Dir = (controller: string): string | undefined => {
    const member = members.find((m) => m.hierarchy !== 0 && m.controllers.includes(controller))
    const mount = mounts.find((m) => m.fstype === 'cgroup' && m.controllers.includes(controller))
    return member && mount ? cgroupDir(mount, member.path) : undefined
  }
  const pids = v1Dir('pids')
  const memory = v1Dir('memory')
  const v1Bound = members.some((m) => m.hierarchy !== 0 && (m.controllers.includes('pids') || m.controllers.includes('memory')))
  if (!v1Bound) return { kind: 'v2', unified }
  return { kind: 'hybrid', unified, ...(pids ? { pids } : {}), ...(memory ? { memory } : {}) }
}
