// @dsh-pure
import type { ProcessRow } from '../inspect/types'
import { isGone } from '../proc/parse-stat'
import { familyOf, type Identity, isAlive } from './identity'

/**
 * Period of the /proc (or ps) polls while waiting for processes to leave. Short, so an idle
 * shell that exits on SIGHUP within a millisecond or two closes in a few ms; cheap, because
 * each poll reads one stat file per captured process.
 */
export const TEARDOWN_POLL_MS = 5
/**
 * How long SIGKILLed processes may take to leave the table. The kernel acts on SIGKILL at
 * once unless a process sits in uninterruptible sleep (D), e.g. on a dead network mount;
 * past this bound such a process is reported as a survivor and a later close retries.
 */
export const KILL_VERIFY_MS = 2_000
/**
 * Period of the repeated hang-up while teardown waits out a grace. An interactive bash can
 * take a SIGHUP in the instant before readline blocks in read(2): the handler only records
 * it, and bash sleeps on in that read until the next signal. It ignores SIGTERM, so the
 * close would wait the whole grace before SIGKILL (measured: ~4% of idle closes right after
 * the first prompt took the full 3 s; a second SIGHUP always ended it at once). Re-sending
 * SIGHUP to the shell and the foreground group this often bounds that wait to one period.
 */
export const REHANGUP_MS = 50
/** Rescan-and-kill rounds: each catches children forked while the previous round ran. */
export const MAX_KILL_ROUNDS = 4

export type TeardownSignal = 'SIGHUP' | 'SIGCONT' | 'SIGTERM' | 'SIGKILL'

/** What teardown needs from the platform; injectable so the sequence is tested with fakes. */
export interface TeardownDeps {
  /** Every process the platform lists. */
  scan(): Promise<ProcessRow[]>
  /** Current rows of these pids (missing: reaped). */
  lookup(pids: readonly number[]): Promise<Map<number, ProcessRow>>
  /** Send a signal (negative pid: a process group); false when nothing was signalled. */
  kill(pid: number, signal: TeardownSignal): boolean
  sleep(ms: number): Promise<void>
  now(): number
}

/**
 * The session's cgroup, where there is one: every process of the session whatever its
 * session id or parent (a setsid double fork included), read without scanning /proc.
 */
export interface TeardownGroup {
  /** Pids in the cgroup now. */
  members(): Promise<number[]>
  /** SIGKILL every member at once (cgroup.kill). */
  kill(): Promise<void>
}

export interface TeardownTarget {
  readonly top: Identity
  /** The shell (the top itself unless a launcher runs it); receives the hang-up. */
  readonly shell?: Identity
  /** True once the top-level process's exit was reported. */
  readonly topExited: () => boolean
  readonly graceMs: number
  /** The session's cgroup: membership comes from it, and it is killed as a whole at the end. */
  readonly group?: TeardownGroup
}

export interface TeardownReport {
  /** Descendants that were sent SIGTERM. */
  readonly signalled: number[]
  /** Processes (descendants or the top) that needed SIGKILL. */
  readonly killed: number[]
  /** Processes still alive at the end (empty on success). */
  readonly survivors: number[]
}

/**
 * Tear a terminal's process tree down: capture the descendants with their start-time
 * identity, hang up as a closing terminal does (SIGHUP + SIGCONT to the foreground group,
 * SIGHUP to the shell, repeated every REHANGUP_MS while a grace runs), SIGTERM the
 * descendants, wait up to graceMs, then rescan and SIGKILL the union until a scan finds
 * nobody, and only then stop the top-level process the same way. Only captured identities are ever signalled; zombies count as gone.
 *
 * With a cgroup (`target.group`) the members come from the cgroup instead of /proc scans,
 * and once the grace is over the cgroup is killed as a whole (cgroup.kill), then verified
 * empty: nothing of the session survives, whatever its session id or parent.
 */
export async function tearDown(target: TeardownTarget, deps: TeardownDeps): Promise<TeardownReport> {
  const { top, group } = target
  const captured = new Map<number, Identity>()
  const signalled: number[] = []
  const killed: number[] = []
  /** Rows that include the top and every process teardown owns. */
  const snapshot = async (): Promise<ProcessRow[]> =>
    group ? [...(await deps.lookup(unique([top.pid, ...(await group.members())]))).values()] : deps.scan()
  const familyIn = (rows: readonly ProcessRow[]) =>
    group ? rows.filter((r) => r.pid !== top.pid && !isGone(r.state)) : familyOf(rows, top, captured)
  const capture = (rows: readonly ProcessRow[]) => {
    for (const row of familyIn(rows)) {
      if (!captured.has(row.pid) || captured.get(row.pid)!.start !== row.start) captured.set(row.pid, { pid: row.pid, start: row.start })
    }
  }
  const living = async (ids: readonly Identity[]) => {
    const rows = await deps.lookup(ids.map((i) => i.pid))
    return ids.flatMap((id) => {
      const row = rows.get(id.pid)
      return isAlive(id, row) ? [row] : []
    })
  }
  let lastHangUp = deps.now()
  /** Hang up again (shell and foreground group), at most every REHANGUP_MS. */
  const hangUpAgain = async () => {
    if (deps.now() - lastHangUp < REHANGUP_MS) return
    lastHangUp = deps.now()
    const pids = [top.pid, ...(target.shell ? [target.shell.pid] : []), ...captured.keys()]
    hangUp(target, [...(await deps.lookup(pids)).values()], captured, deps, false)
  }
  const waitGone = async (ids: readonly Identity[], ms: number, done = () => false, rehang = false) => {
    const deadline = deps.now() + ms
    let left = await living(ids)
    while (left.length > 0 && !done() && deps.now() < deadline) {
      await deps.sleep(TEARDOWN_POLL_MS)
      if (rehang) await hangUpAgain()
      left = await living(ids)
    }
    return done() ? [] : left
  }

  const rows = await snapshot()
  capture(rows)
  hangUp(target, rows, captured, deps, true)
  lastHangUp = deps.now()

  const first = await living([...captured.values()])
  for (const row of first) {
    if (deps.kill(row.pid, 'SIGTERM')) signalled.push(row.pid)
    if (row.state === 'T' || row.state === 't') deps.kill(row.pid, 'SIGCONT')
  }
  if (group) {
    // One read of the member list per poll instead of a stat read per process.
    const others = async () => (await group.members()).some((pid) => pid !== top.pid)
    const deadline = deps.now() + target.graceMs
    while ((await others()) && deps.now() < deadline) {
      await deps.sleep(TEARDOWN_POLL_MS)
      await hangUpAgain()
    }
    return finishGroup(target, group, deps, { signalled, killed, waitGone })
  }
  await waitGone([...captured.values()], target.graceMs, undefined, true)

  let settled = false
  for (let round = 0; round < MAX_KILL_ROUNDS && !settled; round++) {
    capture(await deps.scan())
    const left = await living([...captured.values()])
    settled = left.length === 0
    for (const row of left) if (deps.kill(row.pid, 'SIGKILL')) killed.push(row.pid)
    await waitGone(left, KILL_VERIFY_MS)
  }

  if (!target.topExited() && (await living([top])).length > 0) {
    deps.kill(top.pid, 'SIGTERM')
    if ((await waitGone([top], target.graceMs, target.topExited, true)).length > 0) {
      if (deps.kill(top.pid, 'SIGKILL')) killed.push(top.pid)
      await waitGone([top], KILL_VERIFY_MS, target.topExited)
    }
  }

  if (!settled) capture(await deps.scan())
  const all = [...captured.values()]
  if (!target.topExited()) all.push(top)
  const survivors = (await living(all)).map((r) => r.pid)
  return { signalled: unique(signalled), killed: unique(killed), survivors }
}

interface GroupProgress {
  readonly signalled: number[]
  readonly killed: number[]
  readonly waitGone: (ids: readonly Identity[], ms: number, done?: () => boolean, rehang?: boolean) => Promise<ProcessRow[]>
}

/**
 * The end of a teardown with a cgroup: members still there after the grace (late forks,
 * processes that ignore the hang-up and SIGTERM) are killed with the whole cgroup; when
 * only the top is left it first gets SIGTERM and its own grace, as without a cgroup (a
 * launcher such as bwrap takes its sandbox down with it). Then the cgroup must be empty.
 */
async function finishGroup(target: TeardownTarget, group: TeardownGroup, deps: TeardownDeps, progress: GroupProgress): Promise<TeardownReport> {
  const { top } = target
  const { signalled, killed, waitGone } = progress
  const killGroup = async () => {
    const left = await group.members()
    if (left.length === 0) return
    killed.push(...left)
    await group.kill()
  }
  const members = await group.members()
  if (members.some((pid) => pid !== top.pid)) await killGroup()
  else if (!target.topExited() && members.includes(top.pid)) {
    deps.kill(top.pid, 'SIGTERM')
    await waitGone([top], target.graceMs, target.topExited, true)
    await killGroup()
  }
  const deadline = deps.now() + KILL_VERIFY_MS
  let survivors = await group.members()
  while (survivors.length > 0 && deps.now() < deadline) {
    await deps.sleep(TEARDOWN_POLL_MS)
    survivors = await group.members()
  }
  return { signalled: unique(signalled), killed: unique(killed), survivors }
}

/**
 * What a closing terminal does: the foreground group and the shell get SIGHUP (and the
 * group SIGCONT the first time, so a stopped job acts on it). `rows` must include the top.
 */
function hangUp(
  target: TeardownTarget, rows: readonly ProcessRow[], captured: ReadonlyMap<number, Identity>, deps: TeardownDeps, first: boolean,
): void {
  const topRow = rows.find((r) => r.pid === target.top.pid)
  if (!isAlive(target.top, topRow)) return
  const fg = topRow.tpgid
  const inTree = rows.some((r) => r.pgid === fg && (r.pid === target.top.pid || captured.get(r.pid)?.start === r.start))
  if (fg > 0 && inTree) {
    deps.kill(-fg, 'SIGHUP')
    if (first) deps.kill(-fg, 'SIGCONT')
  }
  const shell = target.shell ?? target.top
  if (isAlive(shell, rows.find((r) => r.pid === shell.pid))) deps.kill(shell.pid, 'SIGHUP')
}

function unique(pids: readonly number[]): number[] {
  return [...new Set(pids)]
}
