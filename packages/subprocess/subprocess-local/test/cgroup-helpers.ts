import { readdirSync, readFileSync } from 'node:fs'
import { planCgroups } from '../src/cgroup/parse-proc'
import { parseHostDirName } from '../src/cgroup/parse-files'

/** This process's cgroup plan (the bases session cgroups go under). */
export function cgroupBases(): string[] {
  const plan = planCgroups(readFileSync('/proc/self/cgroup', 'utf8'), readFileSync('/proc/self/mountinfo', 'utf8'))
  if (plan.kind === 'none') return []
  return [plan.unified, ...(plan.kind === 'hybrid' ? [plan.pids, plan.memory].filter((d): d is string => d !== undefined) : [])]
}

/** Host directories under the bases owned by one of these host pids. */
export function hostDirsOf(pids: readonly number[]): string[] {
  const found: string[] = []
  for (const base of cgroupBases()) {
    let names: string[] = []
    try {
      names = readdirSync(base)
    } catch {
      continue
    }
    for (const name of names) {
      const owner = parseHostDirName(name)
      if (owner && pids.includes(owner.pid)) found.push(`${base}/${name}`)
    }
  }
  return found
}

/**
 * Live processes whose command line starts with `text` (`sleep <marker>`), by a /proc scan. A
 * prefix, not a substring: `setsid sleep <marker>` (setsid forks before its child execs) and
 * `bash -c '... sleep <marker> & exit'` also contain it for a moment.
 */
export function pidsWithCmdline(text: string): number[] {
  const found: number[] = []
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8').replace(/\0/g, ' ')
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
      const state = stat.slice(stat.lastIndexOf(')') + 2)[0]
      if (cmdline.startsWith(text) && state !== 'Z') found.push(Number(name))
    } catch {
      // exited while scanning
    }
  }
  return found
}

/** A marker unique to this test run, usable as a sleep duration (`sleep <marker>1`). */
export function uniqueMarker(): string {
  return `1000.${process.pid}${Math.floor(Math.random() * 1000)}`
}
