// @dsh-pure
import type { ProcessRow } from './types'

/** Upper bound on the processes one tree walk collects (a fork bomb cannot stall a probe). */
export const MAX_TREE_PROCESSES = 4096

/**
 * The transitive descendants of `root` by parent pid, children first (post-order: every
 * process comes before its parent), so a parent cannot respawn a child after it is signalled.
 */
export function descendantsChildrenFirst(rows: readonly ProcessRow[], root: number): ProcessRow[] {
  const children = new Map<number, ProcessRow[]>()
  for (const row of rows) {
    if (row.pid === row.ppid) continue
    const list = children.get(row.ppid)
    if (list) list.push(row)
    else children.set(row.ppid, [row])
  }
  const out: ProcessRow[] = []
  const seen = new Set<number>([root])
  const visit = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      if (seen.has(child.pid) || out.length >= MAX_TREE_PROCESSES) continue
      seen.add(child.pid)
      visit(child.pid)
      out.push(child)
    }
  }
  visit(root)
  return out
}

/** argv from /proc/<pid>/cmdline (NUL-separated, NUL-terminated). */
export function parseCmdline(text: string): string[] {
  const parts = text.split('\0')
  if (parts.length > 0 && parts[parts.length - 1] === '') parts.pop()
  return parts
}

/** The k such that cmdline equals argv.slice(k), or -1. */
export function argvSuffixIndex(cmdline: readonly string[], argv: readonly string[]): number {
  const k = argv.length - cmdline.length
  if (cmdline.length === 0 || k < 0) return -1
  for (let i = 0; i < cmdline.length; i++) if (cmdline[i] !== argv[k + i]) return -1
  return k
}

export interface ShellMatch {
  readonly pid: number
  readonly start: string
  /** How many leading argv words belong to launchers (0: the top-level process is the shell). */
  readonly suffix: number
}

/**
 * Recognise the shell in a terminal's process tree (given shallowest first): the shallowest
 * process whose command line is the shortest suffix of argv that any process shows. A
 * launcher (bwrap ... -- bash -i) shows the whole argv, the shell only its own words.
 */
export function findShell(
  tree: readonly ProcessRow[],
  cmdlineOf: (pid: number) => readonly string[] | undefined,
  argv: readonly string[],
): ShellMatch | undefined {
  let best: ShellMatch | undefined
  for (const row of tree) {
    const cmdline = cmdlineOf(row.pid)
    if (!cmdline) continue
    const k = argvSuffixIndex(cmdline, argv)
    if (k >= 0 && (!best || k > best.suffix)) best = { pid: row.pid, start: row.start, suffix: k }
  }
  return best
}

/** `root` and its descendants from a process table, shallowest first (breadth-first). */
export function treeFrom(rows: readonly ProcessRow[], root: number): ProcessRow[] {
  const byPid = new Map(rows.map((r) => [r.pid, r]))
  const rootRow = byPid.get(root)
  if (!rootRow) return []
  const out = [rootRow]
  const seen = new Set([root])
  for (let i = 0; i < out.length && out.length < MAX_TREE_PROCESSES; i++) {
    for (const row of rows) {
      if (row.ppid === out[i]!.pid && !seen.has(row.pid)) {
        seen.add(row.pid)
        out.push(row)
      }
    }
  }
  return out
}

/** Unix98 pty slaves use majors 136-143 (UNIX98_PTY_MAJOR_COUNT = 8). */
const PTS_MAJOR_FIRST = 136
const PTS_MAJOR_LAST = 143

/** /dev/pts/N for a tty device number in the kernel's encoding; undefined for other ttys. */
export function ptsPath(ttyNr: number): string | undefined {
  const major = (ttyNr >> 8) & 0xfff
  const minor = (ttyNr & 0xff) | ((ttyNr >> 12) & 0xfff00)
  if (ttyNr <= 0 || major < PTS_MAJOR_FIRST || major > PTS_MAJOR_LAST) return undefined
  return `/dev/pts/${(major - PTS_MAJOR_FIRST) * 256 + minor}`
}
