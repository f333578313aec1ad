// @dsh-pure
import { type ForegroundInspection, type InputCounters, SubprocessError, type StdinEvidence } from 'dsh-subprocess'
import { parseIo } from '../proc/parse-io'
import { isGone } from '../proc/parse-stat'
import { isAlive } from '../teardown/identity'
import type { ProcFs } from '../proc/proc-fs'
import { CmdlineMemo } from './cmdline-memo'
import { readRow, readRowsSliced, scanAll, scanAllSliced, type TreeEntry, walkTree } from './linux-table'
import { analyseThread } from './stdin-wait'
import type { SyscallTable } from './syscall-table'
import { findShell, parseCmdline, ptsPath } from './tree'
import type { ForegroundGroup, ProcessInspector, ProcessRow, TerminalDevice, TerminalRef } from './types'
import { boundedEvidence, groupVerdict } from './verdict'

/**
 * Threads analysed per process (each costs two small reads, ~25 us): a large thread pool
 * cannot make a probe slow. Threads beyond it are unexamined, so they can only turn a
 * 'not-waiting' into 'unknown', never into 'waiting'.
 */
export const MAX_THREADS_PER_PROCESS = 64

/**
 * The Linux inspector: the terminal's foreground group from the `tpgid` field of the
 * top-level process's stat (every process on the pty reports the same value, which also
 * holds under a launcher such as bwrap), its members from a walk of the terminal's own
 * process tree, and a per-thread syscall analysis for the stdin-wait verdict.
 */
export class LinuxInspector implements ProcessInspector {
  /** Per terminal: the command lines already read (see CmdlineMemo). */
  private readonly cmdlines = new WeakMap<TerminalRef, CmdlineMemo>()

  /**
   * @param turn yields one event-loop turn; whole-table scans and large lookups (teardown)
   *   read /proc in slices with a turn between them
   */
  constructor(
    private readonly fs: ProcFs,
    private readonly table: SyscallTable | undefined,
    private readonly turn: () => Promise<void> = () => Promise.resolve(),
  ) {}

  async foreground(ref: TerminalRef): Promise<ForegroundGroup> {
    return this.resolve(ref)
  }

  async inspect(ref: TerminalRef): Promise<ForegroundInspection> {
    const tree = walkTree(this.fs, ref.pid)
    const group = this.resolve(ref, tree)
    const members = this.members(tree, group.pgid)
    // Counters first: a wait seen after them began after every read they count, so
    // "waiting" together with counters that show input consumed proves a NEW wait (read in
    // the other order, the wait could be the very read that then consumed the input).
    const counters = this.counters(members)
    const evidence = this.evidence(members)
    return {
      pgid: group.pgid,
      isShell: group.isShell,
      ...(group.shellPgid === undefined ? {} : { shellPgid: group.shellPgid }),
      members: members.map((m) => m.pid),
      stdin: groupVerdict(evidence),
      evidence: boundedEvidence(evidence),
      ...(counters ? { counters } : {}),
    }
  }

  async scan(): Promise<ProcessRow[]> {
    return scanAllSliced(this.fs, this.turn)
  }

  scanSync(): ProcessRow[] {
    return scanAll(this.fs)
  }

  async lookup(pids: readonly number[]): Promise<Map<number, ProcessRow>> {
    return new Map((await readRowsSliced(this.fs, pids, this.turn)).map((row) => [row.pid, row]))
  }

  async hasExited(ref: { readonly pid: number; readonly start: string }): Promise<boolean> {
    return !isAlive(ref, readRow(this.fs, ref.pid))
  }

  async terminalPath(pid: number): Promise<TerminalDevice | undefined> {
    const row = readRow(this.fs, pid)
    const path = row && !isGone(row.state) ? ptsPath(row.tty) : undefined
    return path && row ? { path, device: row.tty } : undefined
  }

  /** The foreground group and whether it is the shell's; throws FOREGROUND_UNKNOWN. */
  private resolve(ref: TerminalRef, tree?: TreeEntry[]): ForegroundGroup {
    const top = tree?.[0]?.pid === ref.pid ? tree[0] : readRow(this.fs, ref.pid)
    if (!top || top.start !== ref.start || isGone(top.state)) {
      throw new SubprocessError('FOREGROUND_UNKNOWN', `the terminal's top-level process ${ref.pid} has exited; nothing was signalled`)
    }
    if (top.tpgid <= 0) {
      throw new SubprocessError('FOREGROUND_UNKNOWN', `the terminal of process ${ref.pid} reports no foreground group (tpgid ${top.tpgid}); nothing was signalled`)
    }
    const shell = this.shellRow(ref, top, tree)
    const shellPgid = shell?.pgid ?? top.pgid
    return { pgid: top.tpgid, isShell: top.tpgid === top.pgid || top.tpgid === shellPgid, shellPgid }
  }

  /**
   * The shell process: the top itself, or the one recognised below a launcher (its identity
   * is kept in `ref.shell`). While the top is the best match, the search repeats on each
   * probe, because a launcher's shell may not have exec'd yet; the command lines it needs
   * come from the terminal's CmdlineMemo, so a probe reads only those of new processes.
   */
  private shellRow(ref: TerminalRef, top: ProcessRow, tree?: TreeEntry[]): ProcessRow | undefined {
    if (ref.argv.length <= 1) return top
    if (ref.shell) {
      const { pid, start } = ref.shell
      const row = tree?.find((r) => r.pid === pid) ?? readRow(this.fs, pid)
      if (row && row.start === start) return row
      ref.shell = undefined
    }
    const rows = tree ?? walkTree(this.fs, ref.pid)
    const memo = this.cmdlines.get(ref) ?? new CmdlineMemo()
    this.cmdlines.set(ref, memo)
    const byPid = new Map(rows.map((r) => [r.pid, r]))
    const read = (pid: number) => {
      const text = this.fs.read(`/proc/${pid}/cmdline`)
      return text === undefined ? undefined : parseCmdline(text)
    }
    const match = findShell(rows, (pid) => memo.get(byPid.get(pid)!, read), ref.argv)
    memo.keepOnly(rows)
    if (!match) return top
    if (match.suffix > 0) ref.shell = { pid: match.pid, start: match.start }
    return rows.find((r) => r.pid === match.pid)
  }

  /**
   * Per-thread analysis, leader first and each process's main thread first, stopping at the
   * first proof of a stdin wait (the verdict cannot change after it; the probe stays cheap).
   */
  private evidence(members: readonly TreeEntry[]): StdinEvidence[] {
    const evidence: StdinEvidence[] = []
    for (const row of members) {
      const threads = [row.pid, ...row.threads.filter((t) => t !== row.pid)]
      for (const tid of threads.slice(0, MAX_THREADS_PER_PROCESS)) {
        // The leader's state is in the process's own stat, read by the tree walk just now.
        const found = analyseThread(this.fs, this.table, { pid: row.pid, tid, tty: row.tty, ...(tid === row.pid ? { state: row.state } : {}) })
        evidence.push(found)
        if (found.waitsOnStdin) return evidence
      }
      if (row.threads.length > MAX_THREADS_PER_PROCESS) {
        evidence.push({ pid: row.pid, tid: row.pid, syscall: 'unexamined', waitsOnStdin: false, verdict: 'unknown', detail: `${row.threads.length - MAX_THREADS_PER_PROCESS} threads beyond the probe bound` })
      }
    }
    return evidence
  }

  /** Live members of the group, leader first: from the tree, or from a reparented leader. */
  private members(tree: readonly TreeEntry[], pgid: number): TreeEntry[] {
    const live = (rows: readonly TreeEntry[]) => rows.filter((r) => r.pgid === pgid && !isGone(r.state)).sort((a, b) => Number(b.pid === pgid) - Number(a.pid === pgid))
    const inTree = live(tree)
    if (inTree.length > 0) return inTree
    const leader = readRow(this.fs, pgid)
    return leader && leader.pgid === pgid ? live(walkTree(this.fs, pgid)) : []
  }

  /**
   * Sum of the members' syscr/rchar over their live threads, read per thread
   * (`/proc/<pid>/task/<tid>/io`): the process-wide file also adds in the totals of children
   * the process has reaped, so a shell reaping a finished command would look as if it had
   * consumed input. Undefined when any thread's io is unreadable.
   */
  private counters(members: readonly TreeEntry[]): InputCounters | undefined {
    if (members.length === 0) return undefined
    let syscr = 0
    let rchar = 0
    for (const row of members) {
      const threads = row.threads.length > 0 ? row.threads : [row.pid]
      for (const tid of threads.slice(0, MAX_THREADS_PER_PROCESS)) {
        const text = this.fs.read(`/proc/${row.pid}/task/${tid}/io`)
        const io = text === undefined ? undefined : parseIo(text)
        if (!io) return undefined
        syscr += io.syscr
        rchar += io.rchar
      }
    }
    return { syscr, rchar }
  }
}
