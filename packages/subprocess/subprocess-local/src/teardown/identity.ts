// @dsh-pure
import { isGone } from '../proc/parse-stat'
import type { ProcessRow } from '../inspect/types'

/** A process as captured by teardown: pid plus start-time identity. */
export interface Identity {
  readonly pid: number
  readonly start: string
}

/**
 * True when `row` is still the captured process and has work left: same pid AND same start
 * time (a reused pid is someone else), and not a zombie (an exited process awaiting reaping).
 */
export function isAlive(id: Identity, row: ProcessRow | undefined): row is ProcessRow {
  return row !== undefined && row.pid === id.pid && row.start === id.start && !isGone(row.state)
}

/**
 * The processes teardown owns in a table: descendants of the top by parent pid, descendants
 * of processes already captured (they may have been reparented when their parent died), and
 * members of the top's session (orphans re-parented away from the tree still belong to it).
 * Children come before parents. The top itself is not included.
 */
export function familyOf(
  rows: readonly ProcessRow[], top: Identity, captured: ReadonlyMap<number, Identity>,
): ProcessRow[] {
  const byPid = new Map(rows.map((r) => [r.pid, r]))
  const roots = new Set<number>()
  for (const id of captured.values()) if (isAlive(id, byPid.get(id.pid))) roots.add(id.pid)
  // The top leads its session (node-pty calls setsid). The kernel keeps a pid allocated while
  // any process still uses it as a session id, so members with sid === top.pid are ours even
  // after the top exited; only a live process that reuses the pid has a foreign session.
  const topRow = byPid.get(top.pid)
  const ours = !topRow || topRow.start === top.start
  const session = ours ? top.pid : undefined
  if (ours) roots.add(top.pid)
  const children = new Map<number, ProcessRow[]>()
  for (const r of rows) {
    if (r.pid === r.ppid) continue
    const list = children.get(r.ppid)
    if (list) list.push(r)
    else children.set(r.ppid, [r])
  }
  const out: ProcessRow[] = []
  const seen = new Set<number>([top.pid])
  const visit = (row: ProcessRow) => {
    if (seen.has(row.pid)) return
    seen.add(row.pid)
    for (const child of children.get(row.pid) ?? []) visit(child)
    out.push(row)
  }
  for (const pid of roots) for (const child of children.get(pid) ?? []) visit(child)
  for (const pid of roots) {
    const row = byPid.get(pid)
    if (row && pid !== top.pid) visit(row)
  }
  if (session !== undefined) for (const r of rows) if (r.sid === session) visit(r)
  return out.filter((r) => !isGone(r.state))
}
