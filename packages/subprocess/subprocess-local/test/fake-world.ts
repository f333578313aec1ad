import type { ProcessRow } from '../src/inspect/types'
import type { TeardownDeps, TeardownGroup, TeardownSignal } from '../src/teardown/tear-down'

type Reaction = 'exit' | 'ignore' | ((world: FakeWorld, self: FakeProc) => void)

/** A process of the fake world and how it reacts to each signal (default: exit). */
export interface FakeProc {
  row: ProcessRow
  on: Partial<Record<TeardownSignal, Reaction>>
  /** False: its exited children stay zombies. */
  reaps: boolean
  /** Signals held while stopped (state T), acted on at SIGCONT. */
  pending: TeardownSignal[]
}

/** A process table with signal semantics and a manual clock, for teardown tests. */
export class FakeWorld {
  readonly procs = new Map<number, FakeProc>()
  readonly log: string[] = []
  /** The session cgroup: pids placed in it and every process they fork. */
  readonly cgroup = new Set<number>()
  /** Pids that outlive even cgroup.kill (uninterruptible sleep). */
  readonly unkillable = new Set<number>()
  time = 0

  spawn(row: Partial<ProcessRow> & { pid: number; ppid: number }, on: FakeProc['on'] = {}, reaps = true): FakeProc {
    const parent = this.procs.get(row.ppid)
    const proc: FakeProc = {
      row: { pgid: parent?.row.pgid ?? row.pid, sid: parent?.row.sid ?? row.pid, tpgid: -1, tty: 0, state: 'S', start: `s${row.pid}-${this.time}`, ...row },
      on, reaps, pending: [],
    }
    this.procs.set(row.pid, proc)
    if (this.cgroup.has(row.ppid)) this.cgroup.add(row.pid)
    return proc
  }

  /** The session cgroup as teardown sees it; kill() is cgroup.kill (not ignorable). */
  group(): TeardownGroup {
    return {
      members: async () => [...this.cgroup].filter((pid) => this.alive(pid)),
      kill: async () => {
        this.log.push('cgroup.kill')
        for (const pid of [...this.cgroup]) if (this.alive(pid) && !this.unkillable.has(pid)) this.exit(pid)
      },
    }
  }

  alive(pid: number): boolean {
    const p = this.procs.get(pid)
    return p !== undefined && p.row.state !== 'Z'
  }

  exit(pid: number): void {
    const proc = this.procs.get(pid)
    if (!proc) return
    for (const child of this.procs.values()) if (child.row.ppid === pid) child.row = { ...child.row, ppid: 1 }
    const parent = this.procs.get(proc.row.ppid)
    if (parent && !parent.reaps) proc.row = { ...proc.row, state: 'Z' }
    else this.procs.delete(pid)
    this.cgroup.delete(pid)
  }

  private deliver(proc: FakeProc, signal: TeardownSignal): void {
    this.log.push(`${signal} ${proc.row.pid}`)
    if (proc.row.state === 'Z') return
    if (signal === 'SIGCONT') {
      if (proc.row.state !== 'T') return
      proc.row = { ...proc.row, state: 'S' }
      for (const held of proc.pending.splice(0)) this.deliver(proc, held)
      return
    }
    if (proc.row.state === 'T' && signal !== 'SIGKILL') {
      proc.pending.push(signal)
      return
    }
    const reaction = proc.on[signal] ?? 'exit'
    if (reaction === 'exit') this.exit(proc.row.pid)
    else if (typeof reaction === 'function') reaction(this, proc)
  }

  deps(): TeardownDeps {
    return {
      scan: async () => [...this.procs.values()].map((p) => p.row),
      lookup: async (pids) => new Map(pids.flatMap((pid) => {
        const p = this.procs.get(pid)
        return p ? [[pid, p.row] as const] : []
      })),
      kill: (pid, signal) => {
        const targets = pid < 0 ? [...this.procs.values()].filter((p) => p.row.pgid === -pid) : [this.procs.get(pid)].filter((p) => p !== undefined)
        for (const p of targets) this.deliver(p, signal)
        return targets.length > 0
      },
      sleep: async (ms) => { this.time += ms },
      now: () => this.time,
    }
  }
}
