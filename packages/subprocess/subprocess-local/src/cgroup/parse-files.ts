// @dsh-pure
/**
 * The cgroup files teardown reads, and the names this package gives its cgroups. Pure.
 */

/** `cgroup.procs` / `tasks`: one pid per line. */
export function parseProcs(text: string): number[] {
  const pids: number[] = []
  for (const line of text.split('\n')) {
    const pid = Number(line.trim())
    if (line.trim() !== '' && Number.isSafeInteger(pid) && pid > 0) pids.push(pid)
  }
  return pids
}

/** `cgroup.events`: `populated 0|1` and `frozen 0|1`; undefined fields read as false. */
export function parseEvents(text: string): { readonly populated: boolean; readonly frozen: boolean } {
  const value = (key: string) => new RegExp(`^${key} (\\d+)$`, 'm').exec(text)?.[1] === '1'
  return { populated: value('populated'), frozen: value('frozen') }
}

/** The controllers a `cgroup.controllers` or `cgroup.subtree_control` file lists. */
export function parseControllers(text: string): string[] {
  return text.split(/\s+/).filter((c) => c !== '')
}

/** Prefix of every host directory this package creates. */
export const HOST_DIR_PREFIX = 'dsh-host-'

/** The owner of a host directory: the host process (pid and start time) and its instance. */
export interface HostDirOwner {
  readonly pid: number
  /** /proc/<pid>/stat start time (clock ticks since boot): tells a live owner from a reused pid. */
  readonly start: string
  readonly instance: number
}

/** `dsh-host-<pid>-<start>-<instance>`: one per service instance, named after its owner. */
export function hostDirName(owner: HostDirOwner): string {
  return `${HOST_DIR_PREFIX}${owner.pid}-${owner.start}-${owner.instance}`
}

/** The owner named by a host directory; undefined for any other name. */
export function parseHostDirName(name: string): HostDirOwner | undefined {
  const m = /^dsh-host-(\d+)-(\d+)-(\d+)$/.exec(name)
  return m ? { pid: Number(m[1]), start: m[2]!, instance: Number(m[3]) } : undefined
}

/** Session directories inside a host directory: `s<n>`. */
export function sessionDirName(n: number): string {
  return `s${n}`
}

export function isSessionDirName(name: string): boolean {
  return /^s\d+$/.test(name)
}
