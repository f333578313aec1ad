/**
 * The ctx.subprocess contract: a real PTY running one top-level process, the substrate
 * facts a terminal backend needs (foreground group, a stdin-wait verdict that is never a
 * guess, consumed-input counters), real signals to the foreground group, and a teardown
 * that leaves no descendant behind. Implementations: dsh-subprocess-local (node-pty).
 */

/** The signals a caller may deliver to the terminal's foreground process group. */
export type ForegroundSignal = 'SIGINT' | 'SIGTERM' | 'SIGKILL' | 'SIGTSTP' | 'SIGHUP'

export interface SpawnTerminalOptions {
  /** argv[0] is the executable (absolute path or found on PATH); the rest are its args. */
  readonly argv: readonly string[]
  /** Working directory; must exist and be a directory (checked before spawning). */
  readonly cwd: string
  /** Overrides merged over the scrubbed host environment (see scrubEnvironment). */
  readonly env?: Readonly<Record<string, string>>
  readonly rows?: number
  readonly cols?: number
  /** How long teardown waits after SIGTERM before SIGKILL. */
  readonly graceMs?: number
  /** Aborting before the process starts rejects with the signal's reason. */
  readonly signal?: AbortSignal
}

/** How the top-level process ended. */
export interface TerminalExit {
  readonly exitCode: number | null
  readonly signal: string | null
}

/** Whether the foreground group provably waits on stdin right now. */
export type StdinVerdict = 'waiting' | 'not-waiting' | 'unknown'

/** One thread's observed wait, for the verdict's evidence. */
export interface StdinEvidence {
  readonly pid: number
  readonly tid: number
  /** e.g. 'read', 'pselect6', 'poll', 'epoll_pwait', 'stopped', 'running', 'unreadable'. */
  readonly syscall: string
  /** True when this thread is proven to wait for input on fd 0. */
  readonly waitsOnStdin: boolean
}

/** Input consumed by the foreground group's live members (from /proc/<pid>/io). */
export interface InputCounters {
  /** read-like syscalls issued. */
  readonly syscr: number
  /** bytes read. */
  readonly rchar: number
}

/** A snapshot of the terminal's foreground process group. */
export interface ForegroundInspection {
  /** The terminal's foreground process group id. */
  readonly pgid: number
  /** True when the foreground group is the top-level shell's own group. */
  readonly isShell: boolean
  /** Pids of the group's live members at probe time. */
  readonly members: readonly number[]
  readonly stdin: StdinVerdict
  readonly evidence: readonly StdinEvidence[]
  /** The group's consumed-input counters; undefined where the platform cannot read them. */
  readonly counters?: InputCounters
}

export interface SignalDelivery {
  readonly delivered: true
  readonly targetPgid: number
}

/** What teardown did: the top-level exit and the cleanup, reported separately. */
export interface TerminateResult {
  readonly exit: TerminalExit
  /** Descendant pids that had to be signalled. */
  readonly signalled: readonly number[]
}

/** A running PTY. Every method is safe to call after exit (inspection/signal reject). */
export interface SubprocessTerminalHandle {
  /** Pid of the top-level process (under a sandbox wrapper, the wrapper's pid). */
  readonly pid: number
  /**
   * Receive output (UTF-8 decoded). Every byte the process wrote is delivered before
   * `exited` settles. Returns an unsubscribe function.
   */
  onData(listener: (chunk: string) => void): () => void
  /** Settles once, after all output was delivered, when the top-level process ended. */
  readonly exited: Promise<TerminalExit>
  /** The exit once known. */
  readonly exit: TerminalExit | undefined
  /** Resolves when the bytes were handed to the PTY. Rejects after exit. */
  write(data: string): Promise<void>
  resize(rows: number, cols: number): void
  /** Probe the foreground group now. Rejects (FOREGROUND_UNKNOWN) when it cannot be found. */
  inspectForeground(): Promise<ForegroundInspection>
  /**
   * Deliver a signal to the current foreground group, resolved at call time.
   * SIGKILL to the shell's own group is refused (SHELL_SIGKILL): close instead.
   */
  signalForeground(signal: ForegroundSignal): Promise<SignalDelivery>
  /**
   * Tear the whole tree down: hang up, SIGTERM, grace, rescan, SIGKILL the union, verify.
   * Rejects with TERMINATE_FAILED naming survivors; a later call retries.
   */
  terminate(): Promise<TerminateResult>
}

/** ctx.subprocess */
export interface SubprocessService {
  spawnTerminal(options: SpawnTerminalOptions): Promise<SubprocessTerminalHandle>
}
