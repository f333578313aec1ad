// @dsh-pure
import type { StdinEvidence, StdinVerdict } from 'dsh-subprocess'
import { EPOLL_INPUT, parseEpollTargets } from '../proc/parse-fdinfo'
import { isGone, isStopped, parseStat } from '../proc/parse-stat'
import { argInt, parseSyscallLine } from '../proc/parse-syscall'
import { POLL_INPUT, POLLFD_BYTES, fdSetBytes, fdsInSet, parsePollFds } from '../proc/parse-wait-args'
import type { ProcFs } from '../proc/proc-fs'
import type { SyscallTable } from './syscall-table'

/** Largest select nfds decoded (a 1 KiB fd_set read); beyond it, only the low fds are seen. */
export const MAX_SELECT_FDS = 8192
/** Largest poll array decoded (32 KiB of pollfd records). */
export const MAX_POLL_FDS = 4096
/** At most this many watched fds are checked against the terminal per thread. */
export const MAX_CANDIDATE_FDS = 64
/** /dev/tty (5:0): an alias of the caller's controlling terminal. */
export const DEV_TTY = (5 << 8) | 0

/** What a thread's process looks like to the analysis. */
export interface ThreadRef {
  readonly pid: number
  readonly tid: number
  /** The process's controlling terminal (stat tty_nr). */
  readonly tty: number
  /** The thread's state when already known (the leader's is in the process stat); else read. */
  readonly state?: string
}

type Check = { readonly verdict: StdinVerdict; readonly fd?: number; readonly watched?: number; readonly detail: string }

/** One thread's stdin-wait evidence; never 'waiting' without proof. */
export function analyseThread(fs: ProcFs, table: SyscallTable | undefined, ref: ThreadRef): StdinEvidence {
  const base = { pid: ref.pid, tid: ref.tid }
  const out = (syscall: string, check: Check): StdinEvidence => ({
    ...base, syscall, waitsOnStdin: check.verdict === 'waiting', verdict: check.verdict, detail: check.detail,
    ...(check.fd === undefined ? {} : { fd: check.fd }),
    ...(check.watched === undefined ? {} : { watched: check.watched }),
  })
  const dir = `/proc/${ref.pid}/task/${ref.tid}`
  const state = ref.state ?? threadState(fs, dir)
  if (state === undefined) return out('unreadable', { verdict: 'unknown', detail: 'task stat unreadable' })
  if (isStopped(state)) return out('stopped', { verdict: 'not-waiting', detail: `state ${state}` })
  if (isGone(state)) return out('zombie', { verdict: 'not-waiting', detail: `state ${state}` })
  const lineText = fs.read(`${dir}/syscall`)
  const line = lineText === undefined ? undefined : parseSyscallLine(lineText)
  if (!line) return out('unreadable', { verdict: 'unknown', detail: 'syscall file unreadable' })
  if (line.kind === 'running') return out('running', { verdict: 'not-waiting', detail: 'on a CPU' })
  if (line.kind === 'outside') return out('none', { verdict: 'not-waiting', detail: 'blocked outside a syscall' })
  if (!table) return out('unsupported-arch', { verdict: 'unknown', detail: `syscall ${line.nr} on an architecture without a table` })
  const call = table.get(line.nr)
  if (!call) return out(`syscall-${line.nr}`, { verdict: 'not-waiting', detail: 'not an input wait' })
  const [a0 = 0n, a1 = 0n] = line.args
  switch (call.kind) {
    case 'read':
      return out(call.name, terminalAmong(fs, ref, [argInt(a0)]))
    case 'select':
      return out(call.name, selectWait(fs, ref, argInt(a0), a1))
    case 'poll':
      return out(call.name, pollWait(fs, ref, a0, a1))
    case 'epoll':
      return out(call.name, epollWait(fs, ref, argInt(a0)))
  }
}

function threadState(fs: ProcFs, dir: string): string | undefined {
  const text = fs.read(`${dir}/stat`)
  return text === undefined ? undefined : parseStat(text)?.state
}

function selectWait(fs: ProcFs, ref: ThreadRef, nfds: number, readfds: bigint): Check {
  if (readfds === 0n || nfds <= 0) return { verdict: 'not-waiting', detail: 'no read set' }
  const seen = Math.min(nfds, MAX_SELECT_FDS)
  const bytes = fs.readMemory(ref.pid, readfds, fdSetBytes(seen))
  if (!bytes) return { verdict: 'unknown', detail: 'read set memory unreadable' }
  return terminalAmong(fs, ref, fdsInSet(bytes, seen), seen < nfds)
}

function pollWait(fs: ProcFs, ref: ThreadRef, fds: bigint, count: bigint): Check {
  if (fds === 0n || count === 0n) return { verdict: 'not-waiting', detail: 'no pollfds' }
  const n = count > BigInt(MAX_POLL_FDS) ? MAX_POLL_FDS : Number(count)
  const bytes = fs.readMemory(ref.pid, fds, n * POLLFD_BYTES)
  if (!bytes) return { verdict: 'unknown', detail: 'pollfd memory unreadable' }
  const inputs = parsePollFds(bytes, n).filter((p) => p.fd >= 0 && (p.events & POLL_INPUT) !== 0)
  return terminalAmong(fs, ref, inputs.map((p) => p.fd), BigInt(n) < count)
}

function epollWait(fs: ProcFs, ref: ThreadRef, epfd: number): Check {
  const text = fs.read(`/proc/${ref.pid}/fdinfo/${epfd}`)
  if (text === undefined) return { verdict: 'unknown', detail: `fdinfo of epoll fd ${epfd} unreadable` }
  const inputs = parseEpollTargets(text).filter((t) => (t.events & EPOLL_INPUT) !== 0)
  return terminalAmong(fs, ref, inputs.map((t) => t.fd), false, new Map(inputs.map((t) => [t.fd, t.ino])))
}

/**
 * Does any of these fds refer to the process's terminal? fd 0 normally; node's libuv reopens
 * the tty under another fd, which is the same device. For epoll targets the inode recorded at
 * registration must also match, so a reused fd number is not mistaken for the terminal.
 */
function terminalAmong(
  fs: ProcFs, ref: ThreadRef, fds: readonly number[], truncated = false, inodes?: ReadonlyMap<number, bigint | undefined>,
): Check {
  if (fds.length === 0 && !truncated) return { verdict: 'not-waiting', detail: 'watches no input fd' }
  let unknown = truncated
  for (const fd of fds.slice(0, MAX_CANDIDATE_FDS)) {
    if (fd < 0) continue
    const id = fs.statFd(ref.pid, fd)
    if (!id) {
      unknown = true
      continue
    }
    const isTerminal = (ref.tty !== 0 && id.rdev === ref.tty) || id.rdev === DEV_TTY
    const ino = inodes?.get(fd)
    if (isTerminal && (ino === undefined || ino === id.ino)) {
      return { verdict: 'waiting', fd, watched: fds.length, detail: `waits for input on terminal fd ${fd} (${fds.length} input fd(s) watched)` }
    }
  }
  if (unknown || fds.length > MAX_CANDIDATE_FDS) return { verdict: 'unknown', detail: 'some watched fds could not be checked' }
  return { verdict: 'not-waiting', detail: `watches fds ${fds.slice(0, 8).join(',')}, none is the terminal` }
}
