// @dsh-pure
import type { ForegroundInspection } from 'dsh-subprocess'
import type {
  TerminalOutputChunk,
  TerminalSendOperation,
  TerminalSendRequest,
  TerminalSendNote,
  TerminalSendResult,
  TerminalSessionStatus,
  TerminalWaitReason,
} from 'dsh-terminal'
import { utf8Length } from '../output/utf8'
import type { ReadinessTiming, Scheduler } from '../readiness/scheduler'
import { applyLineDiscipline, type InputEffect } from '../readiness/line-discipline'
import { type PromptView, type ScreenView, SendReadiness } from '../readiness/send-readiness'
import { QUIET_PROBE_MS, UNCERTAIN_QUIET_MS } from '../readiness/timing'
import { CONTROLLED_PROMPT } from '../output/marker-tracker'
import { CancelChase } from './cancel-chase'
import { writePaced } from './paced-write'
import { sendBytes } from './paste'
import type { Termios } from '../readiness/termios'

/** What a send needs from its session. */
export interface SendPort {
  inspect(): Promise<ForegroundInspection>
  /** Output barrier: every byte written before the call was delivered (never rejects). */
  flushOutput(): Promise<boolean>
  write(data: string): Promise<void>
  /** Deliver a real SIGINT to the foreground group (resolved at call time). */
  interrupt(): Promise<{ readonly targetPgid: number }>
  status(): TerminalSessionStatus
  /** The terminal's line-discipline settings now; undefined when they cannot be read. */
  termios(): Promise<Termios | undefined>
  /**
   * Bytes typed into the terminal that no process has read (complete lines only in canonical
   * mode); undefined when they cannot be counted.
   */
  inputQueued(): Promise<number | undefined>
  /**
   * The shell read `text` (no line end) at its prompt: returns what now waits on its
   * command line ('' when it cannot be told exactly; undefined when the line is empty).
   */
  typedAtPrompt(text: string): string | undefined
}

/**
 * How long a cancelled send whose input was written waits, after the interrupt, for the
 * foreground to be ready again (the shell's marker, a proven wait). A program that ignores
 * SIGINT and keeps printing releases the session then (as `timeout`).
 */
export const CANCEL_SETTLE_MAX_MS = 5_000

/**
 * How long after a cancel's interrupt a shell that shows no reaction at all is nudged (see
 * nudgeIfSilent). An interrupted shell prints `^C` within milliseconds.
 */
export const NUDGE_AFTER_MS = 250

/** Control characters the line discipline may act on (signals, editing, flow control). */
const LINE_CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/

/** Where a send's output comes from: the session's delivery cursor. */
export interface SendOutputPort {
  /** Output rendered since the previous take (advances the session's delivery cursor). */
  take(): TerminalOutputChunk
  /** The settled viewport: the rest of the delta (with a screen snapshot while one is shown). */
  viewport(): Promise<TerminalOutputChunk>
}

export interface SendOperationOptions {
  readonly port: SendPort
  readonly request: TerminalSendRequest
  readonly scheduler: Scheduler
  readonly timing: ReadinessTiming
  readonly prompt: PromptView
  readonly output: SendOutputPort
  /** What the output shows about the foreground program (see ScreenView). */
  readonly screen?: ScreenView
  /** The platform Enter sequence written after the text when submitting. */
  readonly enter: string
  /** Called once `done` resolved (the session drops the operation then). */
  readonly onDone: () => void
}

/**
 * One send: takes a pre-write baseline of the foreground group, writes the input (unless
 * cancelled first), collects output until readiness settles, and resolves `done` with the
 * unread output and the reason. Cancelling drops input not yet written, then interrupts
 * the foreground group; `done` waits for that delivery to settle so no successor send can
 * become the signal's target.
 */
export class SendOperation implements TerminalSendOperation {
  readonly done: Promise<TerminalSendResult>
  private resolveDone!: (result: TerminalSendResult) => void
  /** Some output of this send was left out (its viewport or an earlier readOutput). */
  private truncatedEver = false
  private readonly readiness: SendReadiness
  private cancelled = false
  /** The write began (its bytes may reach the terminal even if a cancel follows). */
  private writeStarted = false
  private chase: CancelChase | undefined
  /** What the line discipline made of the input (when the terminal's settings were read). */
  private effect: InputEffect | undefined
  /** UTF-8 bytes appended so far (progress reports; the output itself stays bounded). */
  private produced = 0
  /** UTF-8 bytes written of the whole (a paced write stops when the send settles or is cancelled). */
  private bytes: { written: number; total: number } | undefined
  private readonly detachAbort: () => void

  constructor(private readonly options: SendOperationOptions) {
    this.done = new Promise((resolve) => { this.resolveDone = resolve })
    this.readiness = new SendReadiness({
      scheduler: options.scheduler,
      timing: options.timing,
      inspect: () => options.port.inspect(),
      flushOutput: () => options.port.flushOutput(),
      prompt: options.prompt,
      screen: options.screen,
      onSettle: (reason) => this.settled(reason),
    })
    this.readiness.begin()
    const signal = options.request.signal
    const onAbort = () => this.cancel(signal?.reason)
    signal?.addEventListener('abort', onAbort, { once: true })
    this.detachAbort = () => signal?.removeEventListener('abort', onAbort)
    if (signal?.aborted) this.cancel(signal.reason)
    else void this.start()
  }

  /** The settled reason, once decided. */
  get waitReason(): TerminalWaitReason | undefined {
    return this.readiness.settled
  }

  /**
   * The terminal produced output (any chunk counts, even all escapes). Ignored once settled.
   * `text` is its plain text (marker removed), counted for progress reports.
   */
  activity(text = ''): void {
    if (this.readiness.settled) return
    this.produced += utf8Length(text)
    this.readiness.output()
    this.chase?.output()
  }

  /** Bytes we wrote for the terminal itself (query answers) that the foreground will read. */
  injected(bytes: number): void {
    this.readiness.injected(bytes)
  }

  /** An answer to a terminal query is being decided (see SendReadiness.answering). */
  answering(pending: boolean): void {
    this.readiness.answering(pending)
  }

  /** The shell exited (all its output was appended first). */
  exited(): void {
    this.readiness.exited()
  }

  /** Stop readiness work without settling (the session is closing; its exit settles). */
  halt(): void {
    this.readiness.stop()
  }

  /** Settle now (the session is closing). */
  abandon(reason: TerminalWaitReason): void {
    this.readiness.settle(reason)
  }

  outputBytes(): number {
    return this.produced
  }

  /** Output since the previous read; once the send settled, later output belongs to the next send. */
  readOutput(): TerminalOutputChunk {
    if (this.readiness.settled) return { text: '', truncated: false }
    const chunk = this.options.output.take()
    this.truncatedEver ||= chunk.truncated
    return chunk
  }

  /**
   * Cancel: input not written yet is dropped; then the foreground is interrupted (by the
   * terminal's INTR character when input was written and the line discipline flushes with
   * it, else by a real SIGINT), commands the input still starts are chased, and the send
   * settles only once the foreground is ready again (the shell's prompt after the
   * interrupt, a proven wait), within CANCEL_SETTLE_MAX_MS. So a successor send is never
   * written while the interrupted program is still reacting, and nothing of this input
   * runs after the session was released.
   */
  cancel(_reason?: unknown): void {
    if (this.cancelled || this.readiness.settled) return
    this.cancelled = true
    const { port, prompt, scheduler } = this.options
    const chase = new CancelChase({
      scheduler,
      inspect: () => port.inspect(),
      interrupt: () => port.interrupt(),
      commands: () => prompt.commands ?? 0,
      prompts: () => prompt.markers,
      settled: () => this.readiness.settled !== undefined,
      typeInterrupt: this.writeStarted ? () => this.typeInterrupt() : undefined,
      echoes: this.options.screen === undefined ? undefined : () => this.options.screen!.interruptEchoes,
      idleAtPrompt: () => prompt.promptShown === true && this.options.screen?.lastLine === CONTROLLED_PROMPT,
    })
    this.chase = chase
    chase.start()
    void chase.deliveries.then(() => {
      if (port.status().kind === 'exited') this.readiness.settle('session_exit')
      // nothing written, nothing interrupted: no stronger claim than timeout
      else if (chase.skipped) this.readiness.settle('timeout')
      else {
        this.readiness.interrupted(chase.flushed, CANCEL_SETTLE_MAX_MS)
        this.nudgeIfSilent()
      }
    })
  }

  /**
   * readline can take a SIGINT that lands just before it blocks only at its next keystroke
   * (and eat that key). When the shell shows no reaction to the interrupt after
   * NUDGE_AFTER_MS while it waits on the terminal, it is sent a NUL (readline's set-mark: no
   * effect at rest), which lets it handle the signal now: `^C` and a fresh prompt.
   */
  private nudgeIfSilent(): void {
    const { scheduler, screen, port } = this.options
    if (screen === undefined) return
    const since = screen.lastOutputAt
    scheduler.after(NUDGE_AFTER_MS, () => {
      if (this.readiness.settled !== undefined || screen.lastOutputAt > since) return
      void port.inspect().then((now) => {
        if (this.readiness.settled !== undefined || screen.lastOutputAt > since) return
        if (!now.isShell || now.stdin !== 'waiting') return
        this.readiness.injected(1)
        return port.write('\u0000')
      }).catch(() => { /* the terminal is gone or busy: the cancel bound ends the wait */ })
    })
  }

  /**
   * The foreground is being handed over: its group has no live member left (it exited and
   * the shell has not taken the terminal back), or a full-screen program is tearing its
   * terminal down: still on its alternate screen, or printing within UNCERTAIN_QUIET_MS (vim
   * flushes the input as it exits). A lookup that failed is not taken as a handover (it
   * may not recover).
   */
  private changing(baseline: ForegroundInspection | undefined): boolean {
    if (baseline === undefined) return false
    if (baseline.members.length === 0 || (baseline.evidence.length > 0 && baseline.evidence.every((e) => e.syscall === 'zombie'))) return true
    const { screen, scheduler } = this.options
    if (baseline.isShell || screen?.leaving !== true) return false
    return screen.alternate || scheduler.now() - screen.lastOutputAt < UNCERTAIN_QUIET_MS
  }

  /** Type INTR when it raises SIGINT and flushes unread input; false (nothing written) otherwise. */
  private async typeInterrupt(): Promise<boolean> {
    const { port } = this.options
    const termios = await port.termios()
    const intr = termios?.cc.intr
    if (termios === undefined || !termios.isig || termios.noflsh || intr === undefined) return false
    await port.write(String.fromCharCode(intr))
    return true
  }

  private async start(): Promise<void> {
    const { port, request, enter, screen } = this.options
    const typed = request.submit ? request.text + enter : request.text
    // control characters may raise signals or edit a line instead of being read, and input
    // without a line end may sit in a canonical line buffer: what the foreground must
    // consume then depends on the terminal's settings at the write
    const needsTermios = LINE_CONTROL.test(typed) || !/[\r\n]/.test(typed)
    let [baseline, termios] = await Promise.all([
      port.inspect().catch(() => undefined),
      needsTermios ? port.termios() : undefined,
    ])
    if (this.changing(baseline)) {
      // the program that had the terminal is exiting (and may flush its input as it goes):
      // wait for the next reader, bounded by the send's timeout (nothing is written then)
      while (this.changing(baseline) && !this.cancelled && !this.readiness.settled) {
        await new Promise<void>((resolve) => this.options.scheduler.after(QUIET_PROBE_MS, resolve))
        baseline = await port.inspect().catch(() => undefined)
      }
      if (needsTermios) termios = await port.termios()
    }
    // cancelled while the baseline was taken: the input is never written
    if (this.cancelled || this.readiness.settled) return
    // paste brackets follow the foreground's paste mode as the output shows it now
    const data = sendBytes(request.text, request.submit, enter, screen)
    const effect = termios === undefined ? undefined : applyLineDiscipline(data, termios)
    this.effect = effect
    this.writeStarted = true
    this.bytes = { written: 0, total: utf8Length(data) }
    try {
      this.bytes.written = await writePaced(data, {
        scheduler: this.options.scheduler,
        write: (chunk) => port.write(chunk),
        inspect: () => port.inspect(),
        stopped: () => this.cancelled || this.readiness.settled !== undefined,
      })
    } catch {
      // the terminal is gone; its exit settles the send as session_exit
      return
    }
    if (this.readiness.settled !== undefined) return
    // an EOF with nothing before it completes an empty read: one read call is the proof
    const reads = effect !== undefined && effect.readable === 0 && effect.completed > 0 ? 1 : 0
    this.readiness.written(baseline, effect?.readable ?? utf8Length(data), (effect?.signals ?? 0) > 0, reads)
  }

  private settled(reason: TerminalWaitReason): void {
    this.detachAbort()
    const { prompt } = this.options
    // the send ended with the shell at its own prompt: the marker carried the last `$?`
    const exitCode = this.readiness.atShellPrompt ? prompt.lastStatus : undefined
    const facts = this.facts(reason)
    const finish = async () => {
      const notes = await facts
      const chunk = await this.options.output.viewport()
      this.resolveDone({
        viewport: chunk.text,
        waitReason: this.readiness.settled!,
        sessionStatus: this.options.port.status(),
        truncated: this.truncatedEver || chunk.truncated,
        ...(chunk.omission ? { omission: chunk.omission } : {}),
        ...(exitCode === undefined ? {} : { exitCode }),
        ...(notes.length === 0 ? {} : { notes }),
      })
      this.options.onDone()
    }
    if (this.chase) void this.chase.deliveries.then(finish)
    else void finish()
  }

  /** What the viewport cannot show about this send's input (see TerminalSendNote). */
  private async facts(reason: TerminalWaitReason): Promise<TerminalSendNote[]> {
    const { prompt, port, request } = this.options
    const notes: TerminalSendNote[] = []
    if (prompt.continuationReady === true) notes.push({ kind: 'continuation' })
    // the send timed out waiting for the next reader of the terminal: nothing was written
    if (!this.writeStarted && !this.cancelled && reason === 'timeout') notes.push({ kind: 'input-held' })
    if (!this.writeStarted || this.cancelled || reason === 'session_exit') return notes
    const bytes = this.bytes
    if (bytes !== undefined && bytes.written < bytes.total) {
      notes.push({ kind: 'input-cut', writtenBytes: bytes.written, totalBytes: bytes.total })
      return notes
    }
    const effect = this.effect
    const noLineEnd = !request.submit && !/[\r\n]/.test(request.text)
    if (reason === 'stdin_read' && noLineEnd && this.readiness.shown?.isShell === true && !this.readiness.atShellPrompt) {
      // the shell read the text at its prompt and waits for more: it is on the command line
      const pending = port.typedAtPrompt(request.text)
      if (pending !== undefined) notes.push({ kind: 'pending-input', text: pending })
    } else if (effect !== undefined && effect.pendingLine !== '') {
      // whether or not the program reads (a busy one settles on silence), the text stays in
      // the canonical line buffer until a line end follows
      notes.push({ kind: 'line-buffered', text: effect.pendingLine })
    }
    if ((reason === 'inferred_idle' || reason === 'timeout') && (await this.inputUnread())) notes.push({ kind: 'unread-input' })
    return notes
  }

  /**
   * The send's readable input is still waiting in the terminal. The terminal's own input
   * queue is the truth where it can be counted: a reader outside the foreground group
   * (tmux's server reads its client's terminal) leaves the group's read counters unchanged.
   * Where it cannot, the foreground group's counters decide. Either way text without a line
   * end in canonical mode is not readable yet, so it is not counted as unread.
   */
  private async inputUnread(): Promise<boolean> {
    const { port } = this.options
    const queued = await port.inputQueued().catch(() => undefined)
    if (queued !== undefined) return queued > 0
    const now = await port.inspect().catch(() => undefined)
    return now !== undefined && this.readiness.unread(now)
  }
}
