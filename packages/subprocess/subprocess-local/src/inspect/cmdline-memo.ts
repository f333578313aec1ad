// @dsh-pure
import type { TreeEntry } from './linux-table'

interface Remembered {
  readonly start: string
  readonly comm: string
  readonly cmdline: readonly string[] | undefined
}

/**
 * The command lines of one terminal's processes, remembered per process image so that a
 * probe recognises the shell without re-reading every `/proc/<pid>/cmdline`. An entry is
 * kept only for a process that has exec'd (no PF_FORKNOEXEC: a forked copy still shows its
 * parent's command line and is about to change it), and is valid while the pid has the same
 * start time (not reused) and the same command name (exec changes it). Entries for
 * processes that left the tree are dropped, so the memo never outgrows the tree.
 */
export class CmdlineMemo {
  private readonly entries = new Map<number, Remembered>()

  /** The command line of `row`, read through `read` only when not remembered. */
  get(row: TreeEntry, read: (pid: number) => readonly string[] | undefined): readonly string[] | undefined {
    const known = this.entries.get(row.pid)
    if (known && known.start === row.start && known.comm === row.comm) return known.cmdline
    const cmdline = read(row.pid)
    if (row.execd && cmdline !== undefined) this.entries.set(row.pid, { start: row.start, comm: row.comm, cmdline })
    else this.entries.delete(row.pid)
    return cmdline
  }

  /** Forget every process not in `tree`. */
  keepOnly(tree: readonly TreeEntry[]): void {
    if (this.entries.size === 0) return
    const live = new Set(tree.map((r) => r.pid))
    for (const pid of this.entries.keys()) if (!live.has(pid)) this.entries.delete(pid)
  }

  get size(): number {
    return this.entries.size
  }
}
