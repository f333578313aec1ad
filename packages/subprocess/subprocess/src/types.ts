/**
 * The ctx.subprocess contract: a real PTY running one top-level process, the substrate
 * facts a terminal backend needs (foreground group, a stdin-wait verdict that is never a
 * guess, consumed-input counters), real signals to the foreground group, and a teardown
 * that leaves no descendant behind. Implementations: dsh-subprocess-local (node-pty).
 */

import type { Context } from '@deepseek-ai/cordis'

declare module '@deepseek-ai/cordis' {
  interface Context { subprocess: SubprocessService }
}

/** A Cordis context with ctx.subprocess (importing this package adds it to every Context). */
export type SubprocessContext = Context & { readonly subprocess: SubprocessService }

/** The signals a caller may deliver to the terminal's foreground process group. */
export type ForegroundSignal = 'SIGINT' | 'SIGTERM' | 'SIGKILL' | 'SIGTSTP' | 'SIGHUP'
export const FOREGROUND_SIGNALS: readonly ForegroundSignal[] = ['SIGINT', 'SIGTERM', 'SIGKILL', 'SIGTSTP', 'SIGHUP']

export interface SpawnTerminalOptions {
  /**
   * argv[0] is the executable (a path, relative to cwd when it holds a slash, or a name
   * found on the PATH of the final environment); the rest are its args. When argv wraps the
   * shell in a launcher (a sandbox), the shell is recognised as the shallowest process whose
   * command line is the shortest suffix of argv (see ForegroundInspection.isShell).
   */
  readonly argv: readonly string[]
  /** Working directory; must exist and be a directory (checked before spawning). */
  readonly cwd: string
  /** Overrides merged over the scrubbed host environment (see scrubEnvironment); never scrubbed. */
  readonly env?: Readonly<Record<string, string>>
  /** Terminal size; positive integers. Defaults come from the provider's config. */
  readonly rows?: number
  readonly cols?: number
  /** How long teardown waits after SIGTERM before SIGKILL; default from the provider's config. */
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
  /**
   * e.g. 'read', 'pselect6', 'poll', 'epoll_pwait', 'futex', 'syscall-230', 'stopped',
   * 'zombie', 'running', 'unreadable', 'unsupported-arch'.
   */
  readonly syscall: string
  /** True when this thread is proven to wait for input from the terminal. */
  readonly waitsOnStdin: boolean
  /** This thread's own verdict ('unknown' when its files or memory could not be read). */
  readonly verdict?: StdinVerdict
  /** The terminal fd it waits on (0, or another fd open on the same terminal). */
  readonly fd?: number
  /**
   * How many input fds the wait watches, the terminal included: 1 for a read, more for a
   * select/poll/epoll that also waits on pipes, sockets or timers (an event loop with work
   * pending). Present when `waitsOnStdin`.
   */
  readonly watched?: number
  /** Why the verdict is what it is, for logs. */
  readonly detail?: string
}

/** Input consumed by the foreground group's live threads (from /proc/<pid>/task/<tid>/io: reaped children excluded). */
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
  /**
   * True when the foreground group is the shell's own group: the group of the top-level
   * process, or of the shell below a launcher (the shallowest process whose command line
   * equals the shortest suffix of argv seen in the tree).
   */
  readonly isShell: boolean
  /** The shell's own process group, when known. */
  readonly shellPgid?: number
  /** Pids of the group's live members at probe time. */
  readonly members: readonly number[]
  readonly stdin: StdinVerdict
  readonly evidence: readonly StdinEvidence[]
  /**
   * The group's consumed-input counters; undefined where the platform cannot read them.
   * They are read BEFORE the wait evidence: when one inspection shows `stdin: 'waiting'` and
   * counters past a baseline plus the bytes written since, the wait began after that input
   * was consumed (it is not the read that consumed it).
   */
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
  /** The subset of processes (descendants or the top) that needed SIGKILL. */
  readonly killed?: readonly number[]
}

/** A running PTY. Every method is safe to call after exit (inspection/signal reject). */
export interface SubprocessTerminalHandle {
  /** Pid of the top-level process (under a sandbox wrapper, the wrapper's pid). */
  readonly pid: number
  /**
   * Receive output (UTF-8 decoded). Every byte the process wrote is delivered, in order,
   * before `exited` settles. Returns an unsubscribe function.
   *
   * Back-pressure contract: output is delivered in bounded slices (dsh-subprocess-local: at
   * most 64 KiB per terminal per event-loop turn, the rest in later turns), so one flooding
   * terminal cannot hold the event loop. A listener that defers its work (a terminal
   * emulator that parses asynchronously) returns a promise that settles once it consumed
   * the chunk; while the terminal's queued plus unconsumed output is above a bound
   * (dsh-subprocess-local: 256 KiB) the provider stops reading the pty, so the program
   * blocks in write() instead of the host buffering its output; reading resumes under a
   * lower bound (64 KiB). A listener that returns nothing consumed the chunk when it
   * returned. Once the top-level process has exited, the rest is read regardless, so a
   * promise that never settles cannot hold up `exited`.
   */
  onData(listener: (chunk: string) => void | PromiseLike<void>): () => void
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
   * Output barrier: resolves once every byte the terminal's programs wrote BEFORE the call
   * has been delivered to onData listeners (the kernel hands pty output to the reading side
   * asynchronously, so a program can already be blocked on stdin while its last output is
   * still in flight). Resolves `true` when proven, `false` when the platform cannot prove it
   * or the proof did not arrive within a bounded time; never rejects.
   */
  flushOutput(): Promise<boolean>
  /**
   * Tear the whole tree down: hang up, SIGTERM, grace, rescan, SIGKILL the union, verify.
   * Rejects with TERMINATE_FAILED naming survivors; a later call retries.
   */
  terminate(): Promise<TerminateResult>
}

/**
 * What the provider can promise about its sessions' processes, decided once at start (a
 * host may show `detail` in a start notice or a session's motd).
 */
export interface SubprocessContainment {
  /**
   * `cgroup-v2` / `cgroup-hybrid`: each session in its own cgroup; teardown kills the cgroup
   * and nothing of a session survives it, setsid daemons included. `none`: teardown finds the
   * tree through the process table; a process that left the session (setsid) and its tree
   * (reparented) before the close is not found.
   */
  readonly kind: 'cgroup-v2' | 'cgroup-hybrid' | 'none'
  /** Where the session cgroups live, or why there are none. */
  readonly detail: string
  /** Per-session limits in force (absent: not enforced). */
  readonly maxProcesses?: number
  readonly maxMemoryBytes?: number
  /** Configured limits that cannot be enforced here, each with the reason. */
  readonly unenforced: readonly string[]
}

/** ctx.subprocess */
export interface SubprocessService {
  spawnTerminal(options: SpawnTerminalOptions): Promise<SubprocessTerminalHandle>
  /** The containment sessions get (a provider that cannot tell leaves it undefined). */
  readonly containment?: SubprocessContainment
}
