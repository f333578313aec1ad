// @dsh-pure
import { parseStat } from '../proc/parse-stat'
import type { ProcFs } from '../proc/proc-fs'
import { MAX_TREE_PROCESSES } from './tree'
import type { ProcessRow } from './types'

/** One process's row from /proc/<pid>/stat; undefined when it has gone or is unreadable. */
export function readRow(fs: ProcFs, pid: number): ProcessRow | undefined {
  const text = fs.read(`/proc/${pid}/stat`)
  const stat = text === undefined ? undefined : parseStat(text)
  if (!stat || stat.pid !== pid) return undefined
  return {
    pid, ppid: stat.ppid, pgid: stat.pgrp, sid: stat.session, tpgid: stat.tpgid,
    tty: stat.ttyNr, state: stat.state, start: stat.startTime,
  }
}

/** Every process in /proc (one stat read each: for teardown, not for probes). */
export function scanAll(fs: ProcFs): ProcessRow[] {
  const rows: ProcessRow[] = []
  for (const name of fs.list('/proc') ?? []) {
    if (!/^\d+$/.test(name)) continue
    const row = readRow(fs, Number(name))
    if (row) rows.push(row)
  }
  return rows
}

/** The thread ids of a process; empty when it has gone. */
export function threadsOf(fs: ProcFs, pid: number): number[] {
  return (fs.list(`/proc/${pid}/task`) ?? []).filter((t) => /^\d+$/.test(t)).map(Number)
}

/** A process found by a tree walk, with the thread ids read on the way. */
export interface TreeEntry extends ProcessRow {
  readonly threads: readonly number[]
}

/**
 * `root` and its descendants, shallowest first, found through the per-thread `children`
 * files: a probe reads only the terminal's own processes, never the whole of /proc.
 */
export function walkTree(fs: ProcFs, root: number): TreeEntry[] {
  const rows: TreeEntry[] = []
  const queue = [root]
  const seen = new Set(queue)
  for (let i = 0; i < queue.length && rows.length < MAX_TREE_PROCESSES; i++) {
    const pid = queue[i]!
    const row = readRow(fs, pid)
    if (!row) continue
    const threads = threadsOf(fs, pid)
    rows.push({ ...row, threads })
    for (const tid of threads) {
      const text = fs.read(`/proc/${pid}/task/${tid}/children`) ?? ''
      for (const word of text.split(/\s+/)) {
        const child = Number(word)
        if (word !== '' && Number.isInteger(child) && !seen.has(child)) {
          seen.add(child)
          queue.push(child)
        }
      }
    }
  }
  return rows
}
