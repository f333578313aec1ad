// @dsh-pure
/** The fields of /proc/<pid>/stat (or task/<tid>/stat) this package uses. */
export interface ProcStat {
  readonly pid: number
  /** The command name between the parentheses (may itself contain ')' or spaces). */
  readonly comm: string
  /** One letter: R running, S sleeping, D disk, T/t stopped, Z zombie, X dead, I idle... */
  readonly state: string
  readonly ppid: number
  readonly pgrp: number
  readonly session: number
  /** Controlling terminal device (kernel encoding: minor low 8 bits, major bits 8-19...). */
  readonly ttyNr: number
  /** Foreground process group of the controlling terminal; -1 when none. */
  readonly tpgid: number
  /** Field 9, the kernel's PF_* flags (see PF_FORKNOEXEC). */
  readonly flags: number
  /** Field 20, the number of threads; 0 when the line does not say (treat as unknown). */
  readonly numThreads: number
  /** Field 22, start time in clock ticks since boot: with pid, the process identity. */
  readonly startTime: string
}

/** Index of each field in the list that follows "pid (comm) ". Field 3 (state) is index 0. */
const STATE = 0
const PPID = 1
const PGRP = 2
const SESSION = 3
const TTY_NR = 4
const TPGID = 5
const FLAGS = 6
const NUM_THREADS = 17
const START_TIME = 19

/**
 * PF_FORKNOEXEC: set by fork, cleared by exec. A process showing it still runs its parent's
 * image (and command line); one without it has exec'd its own program.
 */
export const PF_FORKNOEXEC = 0x40

/** Parse a stat line; undefined when it is not one (truncated, empty, garbled). */
export function parseStat(text: string): ProcStat | undefined {
  const open = text.indexOf('(')
  const close = text.lastIndexOf(')')
  if (open < 1 || close < open) return undefined
  const pid = Number(text.slice(0, open).trim())
  const fields = text.slice(close + 1).trim().split(/\s+/)
  if (!Number.isInteger(pid) || fields.length <= START_TIME) return undefined
  const num = (i: number) => Number(fields[i])
  const stat: ProcStat = {
    pid,
    comm: text.slice(open + 1, close),
    state: fields[STATE]!,
    ppid: num(PPID),
    pgrp: num(PGRP),
    session: num(SESSION),
    ttyNr: num(TTY_NR),
    tpgid: num(TPGID),
    flags: Number.isInteger(num(FLAGS)) ? num(FLAGS) : 0,
    numThreads: Number.isInteger(num(NUM_THREADS)) && num(NUM_THREADS) > 0 ? num(NUM_THREADS) : 0,
    startTime: fields[START_TIME]!,
  }
  const numbers = [stat.ppid, stat.pgrp, stat.session, stat.ttyNr, stat.tpgid]
  if (!numbers.every(Number.isInteger) || !/^\d+$/.test(stat.startTime) || stat.state.length !== 1) return undefined
  return stat
}

/** Stopped by a signal or a tracer: such a thread runs nothing and waits for nothing. */
export function isStopped(state: string): boolean {
  return state === 'T' || state === 't'
}

/** Exited (zombie or dead): no executable work left. */
export function isGone(state: string): boolean {
  return state === 'Z' || state === 'X' || state === 'x'
}
