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

/**
 * Stat files read between two event-loop turns by the asynchronous scan and lookup: about
 * 1 ms of synchronous reads, so a close on a machine with thousands of processes never
 * holds the loop for long (a whole-table scan in one go took 56 ms with ~120 processes
 * under load, 5.2 s for 5 parallel closes with ~2,200).
 */
export const SCAN_SLICE = 128

/** Every process in /proc (one stat read each: for teardown, not for probes). */
export function scanAll(fs: ProcFs): ProcessRow[] {
  return readRows(fs, pidsIn(fs))
}

/** The same, a slice at a time with `turn()` (an event-loop turn) between slices. */
export async function scanAllSliced(fs: ProcFs, turn: () => Promise<void>): Promise<ProcessRow[]> {
  return readRowsSliced(fs, pidsIn(fs), turn)
}

/** The rows of these pids (missing: gone), a slice at a time with `turn()` between slices. */
export async function readRowsSliced(fs: ProcFs, pids: readonly number[], turn: () => Promise<void>): Promise<ProcessRow[]> {
  const rows: ProcessRow[] = []
  for (let i = 0; i < pids.length; i += SCAN_SLICE) {
    if (i > 0) await turn()
    rows.push(...readRows(fs, pids.slice(i, i + SCAN_SLICE)))
  }
  return rows
}

function pidsIn(fs: ProcFs): number[] {
  return (fs.list('/proc') ?? []).filter((name) => /^\d+$/.test(name)).map(Number)
}

function readRows(fs: ProcFs, pids: readonly number[]): ProcessRow[] {
  const rows: ProcessRow[] = []
  for (const pid of pids) {
    const row = readRow(fs, pid)
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
