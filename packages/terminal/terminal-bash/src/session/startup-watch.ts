// @dsh-pure
import { TerminalBashError } from '../errors'
import { CONTROLLED_PROMPT } from '../output/marker-tracker'
import { TextQueue } from '../output/text-queue'
import { utf8Tail } from '../output/utf8'
import type { PromptView } from '../readiness/send-readiness'
import type { Scheduler } from '../readiness/scheduler'

/** How much of the shell's output a startup failure message quotes. */
const FAILURE_QUOTE_BYTES = 400

export interface StartupWatchOptions {
  readonly scheduler: Scheduler
  readonly timeoutMs: number
  readonly prompt: PromptView
  /** UTF-8 bound of the motd (its newest text is kept). */
  readonly maxMotdBytes: number
  /** The motd once the prompt is ready (the rendered output before it); the collected text when absent. */
  readonly motd?: () => string
  /** Caller cancellation: the watch rejects with its exact reason. */
  readonly signal: AbortSignal
}

/**
 * Waits for the shell's first ready prompt (a nonce marker followed by exactly the
 * controlled prompt). Silence is never readiness here: no prompt before timeoutMs, an exit,
 * or a cancellation rejects. Resolves with the motd: what the shell printed before it.
 */
export class StartupWatch {
  readonly ready: Promise<string>
  private resolve!: (motd: string) => void
  private reject!: (error: unknown) => void
  private readonly collected: TextQueue
  private done = false
  private readonly cancelTimer: () => void
  private readonly detachAbort: () => void

  constructor(private readonly options: StartupWatchOptions) {
    this.ready = new Promise((resolve, reject) => {
      this.resolve = resolve
      this.reject = reject
    })
    this.collected = new TextQueue(options.maxMotdBytes + CONTROLLED_PROMPT.length)
    this.cancelTimer = options.scheduler.after(options.timeoutMs, () =>
      this.fail(new TerminalBashError(
        'STARTUP_TIMEOUT',
        `terminal-bash: the shell printed no ready prompt within timeoutMs (${options.timeoutMs} ms)${this.quote()}; check shellPath and shellArgs or raise timeoutMs`,
      )))
    const { signal } = options
    const onAbort = () => this.fail(signal.reason)
    signal.addEventListener('abort', onAbort, { once: true })
    this.detachAbort = () => signal.removeEventListener('abort', onAbort)
    if (signal.aborted) this.fail(signal.reason)
  }

  /** Sanitized output (after the marker tracker saw it). */
  output(text: string): void {
    if (this.done) return
    this.collected.append(text)
    const { prompt } = this.options
    if (prompt.markers === 0 || !prompt.promptReady) return
    const all = this.collected.drain()
    this.finish()
    this.resolve(this.options.motd ? this.options.motd() : all.slice(0, all.length - CONTROLLED_PROMPT.length))
  }

  /** The shell exited before its first prompt. */
  exited(exitCode: number | null, signal: string | null): void {
    const how = signal ? `was killed by ${signal}` : `exited with code ${exitCode}`
    this.fail(new TerminalBashError(
      'STARTUP_EXITED',
      `terminal-bash: the shell ${how} before its first prompt${this.quote()}; check shellPath, shellArgs and the working directory`,
    ))
  }

  /** Stop without settling (the session is being torn down by its owner). */
  stop(): void {
    this.finish()
  }

  private fail(error: unknown): void {
    if (this.done) return
    this.finish()
    this.reject(error)
  }

  private finish(): void {
    this.done = true
    this.cancelTimer()
    this.detachAbort()
  }

  private quote(): string {
    const text = utf8Tail(this.collected.drain(), FAILURE_QUOTE_BYTES).text.trim()
    return text ? ` (it printed: ${JSON.stringify(text)})` : ' (it printed nothing)'
  }
}
