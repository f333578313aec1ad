// @dsh-pure
import type { Agent } from 'dsh-agent'

/** Opaque, service-minted session id (`pty-<n>`). */
export type TerminalSessionId = string & { readonly __brand: 'TerminalSessionId' }

/** Why a foreground send returned. */
export type TerminalWaitReason = 'stdin_read' | 'inferred_idle' | 'timeout' | 'session_exit'

/** The closed set of signals a caller may deliver to the foreground group. */
export type TerminalSignal = 'SIGINT' | 'SIGTERM' | 'SIGKILL' | 'SIGTSTP' | 'SIGHUP'
export const TERMINAL_SIGNALS: readonly TerminalSignal[] = ['SIGINT', 'SIGTERM', 'SIGKILL', 'SIGTSTP', 'SIGHUP']

/** The top-level process state. */
export type TerminalSessionStatus =
  | { readonly kind: 'running' }
  | { readonly kind: 'exited'; readonly exitCode: number | null; readonly signal: string | null }

export interface TerminalSpawnRequest {
  /** A registered backend type, e.g. "shell". */
  readonly type: string
  /** Owner-local display name; unique among the owner's live sessions and in-flight spawns. */
  readonly name?: string
  /** Initial working directory; the backend's default when absent. */
  readonly cwd?: string
}

export interface TerminalSendRequest {
  /** UTF-8 text written as is. */
  readonly text: string
  /** Write the platform Enter sequence after the text. */
  readonly submit: boolean
  /** Aborting cancels the send: queued input is dropped, then SIGINT goes to the foreground group. */
  readonly signal?: AbortSignal
  /**
   * UTF-8 budget the caller spends on the viewport; a longer delta keeps its head and tail
   * and reports the omission. The backend's own bound applies when it is smaller.
   */
  readonly viewportBytes?: number
}

/**
 * Where the middle of a long delta was left out: whole lines (or, for one overlong line,
 * its middle bytes) between the kept head and tail.
 */
export interface TerminalOmission {
  /** UTF-16 index into the text where the omitted text was (a line start, unless one line was cut). */
  readonly at: number
  /** Lines the omission touched. */
  readonly lines: number
  /** UTF-8 bytes left out. */
  readonly bytes: number
  /** terminal_read `offset` that pages the omitted lines, as of the result. */
  readonly readOffset: number
  /** terminal_read `count` that pages them; less than `lines` when scrollback no longer holds them all. */
  readonly readCount: number
}

export interface TerminalSendResult {
  /** Output produced during the send and not already read through readOutput(). */
  readonly viewport: string
  readonly waitReason: TerminalWaitReason
  readonly sessionStatus: TerminalSessionStatus
  /** True when output of this send was dropped to stay within the backend bound. */
  readonly truncated: boolean
  /**
   * The exit status of the last command, when the send ended with the shell back at its
   * own prompt (the prompt marker carries `$?`). Absent otherwise (a REPL, a busy program).
   */
  readonly exitCode?: number
  /** What the viewport cannot show: input left pending, unread or not written; a waiting shell. */
  readonly notes?: readonly TerminalSendNote[]
  /** Present when the middle of the viewport was left out (then `truncated` is true). */
  readonly omission?: TerminalOmission
}

/** A fact about a send's input or the terminal that the output alone does not show. */
export type TerminalSendNote =
  /** The shell printed its continuation prompt: it waits for the rest of the command. */
  | { readonly kind: 'continuation' }
  /** Text typed on the shell's command line without Enter ('' when it cannot be told exactly); it prefixes the next command. */
  | { readonly kind: 'pending-input'; readonly text: string }
  /** A canonical-mode program reads only whole lines: this text waits in the terminal's line buffer. */
  | { readonly kind: 'line-buffered'; readonly text: string }
  /** The foreground program has not read this input: it stays queued for the next reader. */
  | { readonly kind: 'unread-input' }
  /** Only part of the text was written: the program stopped reading before the send's timeout. */
  | { readonly kind: 'input-cut'; readonly writtenBytes: number; readonly totalBytes: number }
  /** Nothing was written: the foreground program was exiting and no new reader was ready in time. */
  | { readonly kind: 'input-held' }

/** Output read incrementally from an in-flight (or settled) send. */
export interface TerminalOutputChunk {
  readonly text: string
  readonly truncated: boolean
  /** Present when the middle of the chunk was left out (then `truncated` is true). */
  readonly omission?: TerminalOmission
}

/** An in-flight send. The session stays reserved until `done` settles. */
export interface TerminalSendOperation {
  readonly done: Promise<TerminalSendResult>
  /** Output since the previous readOutput() call (consumed: not repeated in the viewport). */
  readOutput(): TerminalOutputChunk
  /** UTF-8 bytes of output the send has produced so far, read or not (for progress reports). */
  outputBytes?(): number
  /** Cancel: drop queued input, SIGINT the foreground group; `done` still resolves. */
  cancel(reason?: unknown): void
}

export interface TerminalReadRequest {
  /** Lines back from the newest retained line (0 = newest page). */
  readonly offset?: number
  /** Lines to return (capped by the backend). */
  readonly count?: number
}

export interface TerminalReadResult {
  readonly text: string
  readonly totalLines: number
  readonly lineBegin: number
  readonly lineEnd: number
  /** True when retention dropped output (or the page was cut to the byte bound). */
  readonly truncated: boolean
  /**
   * True when this page itself lost text: cut to the byte bound, or the requested lines
   * reach back past what retention still holds. `truncated` stays true once retention
   * dropped anything; this says whether the page shows everything it asked for.
   */
  readonly pageCut?: boolean
  /**
   * What a full-screen program shows on the terminal now (the alternate screen, or a program
   * drawing on the cleared screen), as a rendered snapshot: the scrollback holds only the
   * normal screen's lines. Absent when no such program is showing.
   */
  readonly screen?: string
}

export interface TerminalSignalResult {
  readonly delivered: true
  readonly targetPgid: number
}

export interface TerminalSessionSnapshot {
  readonly sessionId: TerminalSessionId
  readonly name?: string
  readonly type: string
  readonly pid?: number
  readonly status: TerminalSessionStatus
}

export interface TerminalSpawnResult extends TerminalSessionSnapshot {
  /** What the session printed before it was first ready. */
  readonly motd: string
}

/** What the service hands a backend when it spawns. */
export interface TerminalBackendSpawnRequest {
  readonly owner: Agent
  readonly sessionId: TerminalSessionId
  readonly name?: string
  readonly cwd?: string
}

/**
 * A backend-owned live session. The service reserves sends and fences owners.
 * A session whose top-level process exited stays registered (and listed with status
 * `exited`) until it is killed or its owner ends, so its scrollback stays readable; the
 * service calls `close` then too, which must still settle once the tree is gone.
 */
export interface TerminalBackendSession {
  readonly pid?: number
  readonly motd: string
  status(): TerminalSessionStatus
  /** Called only while the service holds this session's send reservation. */
  send(request: TerminalSendRequest): TerminalSendOperation
  read(request: TerminalReadRequest): TerminalReadResult | Promise<TerminalReadResult>
  signal(signal: TerminalSignal): Promise<TerminalSignalResult>
  /**
   * Close and await quiescence of the whole process tree; rejects naming survivors.
   * Retriable: after a rejection the service may call it again. Must settle an in-flight
   * send's `done`. Never called twice concurrently for one session.
   */
  close(reason?: unknown): Promise<void>
}

/** A registered session factory, e.g. the bash backend (`type: "shell"`). */
export interface TerminalBackend {
  readonly type: string
  /**
   * Start a session. `signal` combines caller cancellation with owner/service disposal;
   * on abort the backend must clean up and reject (with the signal's reason).
   * A backend whose own cleanup failed rejects with TerminalBackendCleanupError.
   */
  spawn(request: TerminalBackendSpawnRequest, signal: AbortSignal): Promise<TerminalBackendSession>
}
