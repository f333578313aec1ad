// @dsh-pure
import type { ForegroundInspection } from 'dsh-subprocess'
import type {
  TerminalOutputChunk,
  TerminalSendOperation,
  TerminalSendRequest,
  TerminalSendResult,
  TerminalSessionStatus,
  TerminalWaitReason,
} from 'dsh-terminal'
import { SendOutput } from '../output/send-output'
import { utf8Length } from '../output/utf8'
import type { ReadinessTiming, Scheduler } from '../readiness/scheduler'
import { type PromptView, SendReadiness } from '../readiness/send-readiness'

/** What a send needs from its session. */
export interface SendPort {
  inspect(): Promise<ForegroundInspection>
  /** Output barrier: every byte written before the call was delivered (never rejects). */
  flushOutput(): Promise<boolean>
  write(data: string): Promise<void>
  /** Deliver a real SIGINT to the foreground group (resolved at call time). */
  interrupt(): Promise<unknown>
  status(): TerminalSessionStatus
}

export interface SendOperationOptions {
  readonly port: SendPort
  readonly request: TerminalSendRequest
  readonly scheduler: Scheduler
  readonly timing: ReadinessTiming
  readonly prompt: PromptView
  /** UTF-8 bound of the send's retained output. */
  readonly maxOutputBytes: number
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
  private readonly output: SendOutput
  private readonly readiness: SendReadiness
  private cancelled = false
  private interrupting: Promise<void> | undefined
  private readonly detachAbort: () => void

  constructor(private readonly options: SendOperationOptions) {
    this.done = new Promise((resolve) => { this.resolveDone = resolve })
    this.output = new SendOutput(options.maxOutputBytes)
    this.readiness = new SendReadiness({
      scheduler: options.scheduler,
      timing: options.timing,
      inspect: () => options.port.inspect(),
      flushOutput: () => options.port.flushOutput(),
      prompt: options.prompt,
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

  /** Session output (sanitized, marker removed). Ignored once the send settled. */
  append(text: string): void {
    if (this.readiness.settled) return
    this.output.append(text)
    this.readiness.output()
  }

  /** Bytes we wrote for the terminal itself (query answers) that the foreground will read. */
  injected(bytes: number): void {
    this.readiness.injected(bytes)
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

  readOutput(): TerminalOutputChunk {
    return this.output.take()
  }

  cancel(_reason?: unknown): void {
    if (this.cancelled || this.readiness.settled) return
    this.cancelled = true
    const { port } = this.options
    this.interrupting = port.interrupt().then(
      () => undefined,
      () => undefined,
    ).then(() => {
      // nothing proved readiness before the interrupt settled: no stronger claim than timeout
      this.readiness.settle(port.status().kind === 'exited' ? 'session_exit' : 'timeout')
    })
  }

  private async start(): Promise<void> {
    const { port, request, enter } = this.options
    const baseline = await port.inspect().catch(() => undefined)
    // cancelled while the baseline was taken: the input is never written
    if (this.cancelled || this.readiness.settled) return
    const data = request.submit ? request.text + enter : request.text
    try {
      await port.write(data)
    } catch {
      // the terminal is gone; its exit settles the send as session_exit
      return
    }
    this.readiness.written(baseline, utf8Length(data))
  }

  private settled(_reason: TerminalWaitReason): void {
    this.detachAbort()
    const finish = () => {
      const { text, truncated } = this.output.viewport()
      this.resolveDone({
        viewport: text,
        waitReason: this.readiness.settled!,
        sessionStatus: this.options.port.status(),
        truncated,
      })
      this.options.onDone()
    }
    if (this.interrupting) void this.interrupting.then(finish)
    else finish()
  }
}
