// @dsh-pure
import { isGone, PF_FORKNOEXEC, type ProcStat, parseStat } from '../proc/parse-stat'
import type { ProcFs } from '../proc/proc-fs'
import { MAX_TREE_PROCESSES } from './tree'
import type { ProcessRow } from './types'

/** One process's row from /proc/<pid>/stat; undefined when it has gone or is unreadable. */
export function readRow(fs: ProcFs, pid: number): ProcessRow | undefined {
  const stat = readStat(fs, pid)
  return stat ? rowOf(stat) : undefined
}

function readStat(fs: ProcFs, pid: number): ProcStat | undefined {
  const text = fs.read(`/proc/${pid}/stat`)
  const stat = text === undefined ? undefined : parseStat(text)
  return stat && stat.pid === pid ? stat : undefined
}

function rowOf(stat: ProcStat): ProcessRow {
  return {
    pid: stat.pid, ppid: stat.ppid, pgid: stat.pgrp, sid: stat.session, tpgid: stat.tpgid,
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
  /** The command name (changes on exec). */
  readonly comm: string
  /** False while the process still runs its parent's image after fork (PF_FORKNOEXEC). */
  readonly execd: boolean
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
    const stat = readStat(fs, pid)
    if (!stat) continue
    // A single-threaded process (bash, an idle python) needs no listing of its task directory;
    // when the leader thread itself has exited, the one live thread is another tid.
    const threads = stat.numThreads === 1 && !isGone(stat.state) ? [pid] : threadsOf(fs, pid)
    rows.push({ ...rowOf(stat), threads, comm: stat.comm, execd: (stat.flags & PF_FORKNOEXEC) === 0 })
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
