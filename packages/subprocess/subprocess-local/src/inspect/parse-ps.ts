// @dsh-pure
import type { ProcessRow } from './types'

/**
 * The ps invocation of the macOS (BSD ps) inspector: every process, no headers, the
 * identity columns first and the full command line last (`-ww`: never truncated).
 */
export const PS_ARGS = ['-A', '-ww', '-o', 'pid=,ppid=,pgid=,tpgid=,stat=,lstart=,args='] as const

/** The same columns for chosen pids only. */
export function psArgsFor(pids: readonly number[]): string[] {
  return ['-ww', '-o', 'pid=,ppid=,pgid=,tpgid=,stat=,lstart=,args=', '-p', pids.join(',')]
}

/** lstart is five words, e.g. "Mon Jan  1 12:00:00 2024". */
const ROW = /^\s*(\d+)\s+(\d+)\s+(\d+)\s+(-?\d+)\s+(\S+)\s+(\S+\s+\S+\s+\d+\s+\d+:\d+:\d+\s+\d+)(?:\s(.*))?$/

export interface PsRow extends ProcessRow {
  /** The command line as ps prints it (argv joined by spaces). */
  readonly args: string
}

/** One line of ps output; undefined for anything else (headers, blank lines). */
export function parsePsLine(line: string): PsRow | undefined {
  const m = ROW.exec(line)
  if (!m) return undefined
  const stat = m[5]!
  return {
    pid: Number(m[1]), ppid: Number(m[2]), pgid: Number(m[3]), tpgid: Number(m[4]),
    sid: -1, tty: -1,
    // BSD "I" is a process idle for over 20 s: sleeping, as far as this package cares.
    state: stat[0] === 'I' ? 'S' : stat[0]!,
    start: m[6]!.replace(/\s+/g, ' '),
    args: (m[7] ?? '').trim(),
  }
}

export function parsePsOutput(text: string): PsRow[] {
  return text.split('\n').flatMap((line) => {
    const row = parsePsLine(line)
    return row ? [row] : []
  })
}

/** `ps -o tty=` prints the terminal's name under /dev ("ttys003", "pts/3") or "??" / "?". */
export function parsePsTty(text: string): string | undefined {
  const name = text.trim()
  return /^[\w/]+$/.test(name) && !name.includes('..') ? `/dev/${name}` : undefined
}
