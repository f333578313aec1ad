import type { FdIdentity, ProcFs } from '../src/proc/proc-fs'

/** A fake process for the /proc fake: only what the inspector and teardown read. */
export interface FakeProcess {
  pid: number
  ppid: number
  pgrp: number
  sid: number
  tty: number
  tpgid: number
  state: string
  start: string
  comm?: string
  /** stat field 9 (PF_* flags); default: an exec'd process (no PF_FORKNOEXEC). */
  flags?: number
  cmdline?: readonly string[]
  /** tid -> syscall line (null: unreadable) and optional state; default one thread = pid. */
  threads?: Record<number, { syscall: string | null; state?: string }>
  io?: { syscr: number; rchar: number } | null
  /** Totals of reaped children: in the process-wide io file only, never in a thread's. */
  reapedIo?: { syscr: number; rchar: number }
  fds?: Record<number, FdIdentity>
  fdinfo?: Record<number, string>
  /** Readable memory regions: address -> bytes. */
  mem?: Array<{ address: bigint; bytes: Uint8Array }>
}

/** The pts device of the fakes (136:3) as the kernel encodes it in stat's tty_nr. */
export const PTS = (136 << 8) | 3
export const TTY_FD: FdIdentity = { rdev: PTS, ino: 6n }

/** A stat line with the given fields and zeros elsewhere (num_threads 0 when not given). */
export function statLine(
  p: Pick<FakeProcess, 'pid' | 'ppid' | 'pgrp' | 'sid' | 'tty' | 'tpgid' | 'state' | 'start'> & { comm?: string; flags?: number; numThreads?: number },
): string {
  const rest = Array.from({ length: 12 }, () => '0')
  rest[10] = String(p.numThreads ?? 0) // field 20
  return `${p.pid} (${p.comm ?? 'proc'}) ${p.state} ${p.ppid} ${p.pgrp} ${p.sid} ${p.tty} ${p.tpgid} ${p.flags ?? 4194560} ${rest.join(' ')} ${p.start} 0 0\n`
}

/** A ProcFs over a mutable table of fake processes. */
export class FakeProcFs implements ProcFs {
  readonly procs = new Map<number, FakeProcess>()
  reads = 0
  /** Every path read or listed, in order. */
  readonly log: string[] = []

  constructor(procs: FakeProcess[] = []) {
    for (const p of procs) this.procs.set(p.pid, p)
  }

  add(p: FakeProcess): void {
    this.procs.set(p.pid, p)
  }

  private threads(p: FakeProcess) {
    return p.threads ?? { [p.pid]: { syscall: p.state === 'R' ? 'running' : '230 0x0 0x0 0x0 0x0 0x0 0x0 0x0 0x0' } }
  }

  read(path: string): string | undefined {
    this.reads++
    this.log.push(path)
    const m = /^\/proc\/(\d+)\/(?:task\/(\d+)\/)?(.+)$/.exec(path)
    if (!m) return undefined
    const p = this.procs.get(Number(m[1]))
    if (!p) return undefined
    const tid = m[2] === undefined ? undefined : Number(m[2])
    const file = m[3]!
    if (tid !== undefined) {
      const thread = this.threads(p)[tid]
      if (!thread) return undefined
      if (file === 'stat') return statLine({ ...p, pid: tid, state: thread.state ?? p.state })
      if (file === 'syscall') return thread.syscall === null ? undefined : `${thread.syscall}\n`
      if (file === 'children') return tid === p.pid ? this.childrenOf(p.pid) : ''
      if (file === 'io') return p.io === null ? undefined : ioText(tid === p.pid ? p.io : undefined)
      return undefined
    }
    if (file === 'stat') return statLine({ ...p, numThreads: Object.keys(this.threads(p)).length })
    if (file === 'cmdline') return p.cmdline ? `${p.cmdline.join('\0')}\0` : ''
    if (file === 'io') return p.io === null ? undefined : ioText(p.io, p.reapedIo)
    const info = /^fdinfo\/(\d+)$/.exec(file)
    if (info) return p.fdinfo?.[Number(info[1])]
    return undefined
  }

  private childrenOf(pid: number): string {
    return [...this.procs.values()].filter((c) => c.ppid === pid && c.pid !== pid).map((c) => `${c.pid} `).join('')
  }

  list(path: string): string[] | undefined {
    this.log.push(path)
    if (path === '/proc') return [...[...this.procs.keys()].map(String), 'self', 'sys']
    const m = /^\/proc\/(\d+)\/task$/.exec(path)
    const p = m ? this.procs.get(Number(m[1])) : undefined
    return p ? Object.keys(this.threads(p)) : undefined
  }

  readMemory(pid: number, address: bigint, length: number): Uint8Array | undefined {
    const region = this.procs.get(pid)?.mem?.find((r) => r.address === address)
    return region && region.bytes.length >= length ? region.bytes.slice(0, length) : undefined
  }

  statFd(pid: number, fd: number): FdIdentity | undefined {
    return this.procs.get(pid)?.fds?.[fd]
  }
}

function ioText(own?: { syscr: number; rchar: number }, reaped?: { syscr: number; rchar: number }): string {
  const rchar = (own?.rchar ?? 0) + (reaped?.rchar ?? 0)
  const syscr = (own?.syscr ?? 0) + (reaped?.syscr ?? 0)
  return `rchar: ${rchar}\nwchar: 0\nsyscr: ${syscr}\nsyscw: 0\n`
}
