// Linux /proc readings the workloads need: process trees, identity, survivors, memory.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'

/** Parse /proc/<pid>/stat; undefined when the process is gone. */
export function readStat(pid) {
  let text
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8')
  } catch {
    return undefined
  }
  const close = text.lastIndexOf(')')
  const f = text.slice(close + 2).split(' ')
  return {
    pid,
    comm: text.slice(text.indexOf('(') + 1, close),
    state: f[0],
    ppid: Number(f[1]),
    pgrp: Number(f[2]),
    tpgid: Number(f[5]),
    starttime: f[19],
  }
}

/** Every process on the machine, one /proc scan. */
export function processTable() {
  const rows = []
  for (const name of readdirSync('/proc')) {
    if (name.charCodeAt(0) < 48 || name.charCodeAt(0) > 57) continue
    const s = readStat(Number(name))
    if (s) rows.push(s)
  }
  return rows
}

/** Live (non-zombie) descendants of `root`, with their start times as identity. */
export function descendants(root) {
  const rows = processTable()
  const found = []
  const parents = new Set([root])
  let grew = true
  while (grew) {
    grew = false
    for (const r of rows) {
      if (!parents.has(r.pid) && parents.has(r.ppid)) {
        parents.add(r.pid)
        if (r.state !== 'Z') found.push(r)
        grew = true
      }
    }
  }
  return found
}

/** The recorded processes that still exist (same pid and start time) and are not zombies. */
export function survivors(recorded) {
  return recorded.filter((r) => {
    const now = readStat(r.pid)
    return now !== undefined && now.starttime === r.starttime && now.state !== 'Z'
  })
}

function statusKb(pid, field) {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8')
  const m = text.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))
  return m ? Number(m[1]) : Number.NaN
}

/** Resident set size now, in MB. */
export const rssMb = (pid) => statusKb(pid, 'VmRSS') / 1024
/** Peak resident set size since start or the last resetPeakRss, in MB. */
export const peakRssMb = (pid) => statusKb(pid, 'VmHWM') / 1024

/** Reset the peak RSS counter (Linux: write 5 to clear_refs); false when not allowed. */
export function resetPeakRss(pid) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5')
    return true
  } catch {
    return false
  }
}
