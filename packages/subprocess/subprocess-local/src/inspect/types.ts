// @dsh-pure
import type { ForegroundInspection } from 'dsh-subprocess'

/** One process as a platform process table reports it. */
export interface ProcessRow {
  readonly pid: number
  readonly ppid: number
  readonly pgid: number
  /** Session id; -1 where the platform does not report one. */
  readonly sid: number
  /** Foreground group of the process's terminal; -1 when none or not reported. */
  readonly tpgid: number
  /** Controlling terminal device number; 0 when none, -1 where the platform does not say. */
  readonly tty: number
  /** One letter: R, S, D, T/t (stopped), Z/X (gone), ... */
  readonly state: string
  /** Start-time identity: with pid, tells a process from a later one that reuses the pid. */
  readonly start: string
}

/** What identifies a terminal's process tree: its top-level process and the argv it ran. */
export interface TerminalRef {
  readonly pid: number
  /** Start-time identity of the top-level process. */
  readonly start: string
  readonly argv: readonly string[]
  /** Shell recognised below a launcher, remembered once found (inspectors fill it in). */
  shell?: { readonly pid: number; readonly start: string }
}

/** Where a pty slave lives; `device` (kernel encoding) is known on Linux. */
export interface TerminalDevice {
  readonly path: string
  readonly device?: number
}

/** The terminal's foreground group as resolved at one moment. */
export interface ForegroundGroup {
  readonly pgid: number
  readonly isShell: boolean
  readonly shellPgid?: number
}

/**
 * A platform process inspector. `inspect` and `foreground` reject with SubprocessError
 * FOREGROUND_UNKNOWN when the group cannot be determined; the rest never throw.
 */
export interface ProcessInspector {
  /** Probe the foreground group: members, stdin-wait verdict with evidence, counters. */
  inspect(ref: TerminalRef): Promise<ForegroundInspection>
  /** Only the foreground group id and whether it is the shell's (for signalling). */
  foreground(ref: TerminalRef): Promise<ForegroundGroup>
  /** Every process the platform lists. */
  scan(): Promise<ProcessRow[]>
  /** The same, synchronously (used only at host exit, where nothing async runs). */
  scanSync(): ProcessRow[]
  /** The current rows of these pids; a missing pid has exited and been reaped. */
  lookup(pids: readonly number[]): Promise<Map<number, ProcessRow>>
  /**
   * True once this process (pid and start time) has exited: cheap and without starting any
   * helper process, since the exit drain calls it on every SIGCHLD.
   */
  hasExited(ref: { readonly pid: number; readonly start: string }): Promise<boolean>
  /** A process's controlling terminal (the pty slave), when it has one. */
  terminalPath(pid: number): Promise<TerminalDevice | undefined>
}
