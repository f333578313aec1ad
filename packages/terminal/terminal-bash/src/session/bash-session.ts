import type { SubprocessTerminalHandle, TerminalExit } from 'dsh-subprocess'
import {
  TERMINAL_SIGNALS,
  type TerminalBackendSession,
  type TerminalReadRequest,
  type TerminalReadResult,
  type TerminalSendOperation,
  type TerminalSendRequest,
  type TerminalSessionStatus,
  type TerminalSignal,
  type TerminalSignalResult,
} from 'dsh-terminal'
import type { Config } from '../config'
import { TerminalBashError } from '../errors'
import { CONTROLLED_PROMPT, MarkerTracker } from '../output/marker-tracker'
import { RenderedOutput } from '../output/rendered-output'
import { type SanitizedPiece, StreamSanitizer } from '../output/sanitizer'
import { renderSnapshot } from '../output/screen-snapshot'
import { utf8Length } from '../output/utf8'
import { LineTail } from '../readiness/prompt-shape'
import type { Scheduler } from '../readiness/scheduler'
import type { ScreenView } from '../readiness/send-readiness'
import { TerminalModes } from '../readiness/terminal-modes'
import { ENTER } from '../shell/environment'
import { NonceEcho } from '../shell/nonce-echo'
import { AnswerGate } from './answer-gate'
import { QueryResponder } from './query-responder'
import { SendOperation, type SendOutputPort } from './send-operation'
import { mapSubprocessError } from './subprocess-errors'
import { CommandLine } from './command-line'
import { StartupWatch } from './startup-watch'
import { readInputQueue } from './input-queue-probe'
import { readTermios } from './termios-probe'

export interface BashSessionOptions {
  readonly handle: SubprocessTerminalHandle
  readonly nonce: string
  readonly config: Config
  readonly scheduler: Scheduler
}

/**
 * One live bash session: routes the PTY stream through the tokenizer and marker tracker
 * into the rendered output (scrollback and the delivery cursor every send reads from),
 * answers terminal queries, and owns the close.
 */
export class BashSession implements TerminalBackendSession {
  readonly pid: number
  motd = ''
  private readonly sanitizer = new StreamSanitizer()
  private readonly tracker: MarkerTracker
  private readonly output: RenderedOutput
  private readonly responder: QueryResponder
  private readonly answers: AnswerGate
  private readonly nonceEcho: NonceEcho
  private readonly commandLine = new CommandLine()
  /** Terminal modes from the raw stream (bracketed paste, alternate screen, a program leaving). */
  private readonly modes = new TerminalModes()
  private readonly tail = new LineTail()
  private promptsSeen = 0
  private readonly screen = screenOf(this.modes, this.tail)
  private detachData: () => void = () => {}
  private active: SendOperation | undefined
  private startup: StartupWatch | undefined
  private exit: TerminalExit | undefined
  private closing: Promise<void> | undefined
  private closed = false

  constructor(private readonly options: BashSessionOptions) {
    const { handle, config } = options
    this.pid = handle.pid
    this.tracker = new MarkerTracker(options.nonce)
    this.nonceEcho = new NonceEcho(options.nonce)
    this.output = new RenderedOutput({
      cols: config.cols,
      rows: config.rows,
      maxLines: config.scrollbackLines,
      maxBytes: config.scrollbackMaxBytes,
      maxReadBytes: config.maxReadBytes,
    })
    this.answers = new AnswerGate({
      termios: () => readTermios(handle.pid),
      flushOutput: () => handle.flushOutput(),
      shellAtPrompt: () => this.tracker.lastMarker === 'prompt',
      write: (answers) => this.answer(answers),
      closed: () => this.exit !== undefined || this.closed,
      deciding: (pending) => this.active?.answering(pending),
    })
    this.responder = new QueryResponder(config.cols, config.rows, (reply) => this.answers.reply(reply))
  }

  /**
   * Start consuming the terminal and wait for the first ready prompt; resolves with the
   * motd. The watch exists before the subscription, because the handle replays output that
   * arrived before anyone listened (the first prompt often has).
   */
  async start(signal: AbortSignal): Promise<string> {
    const { config, scheduler, handle } = this.options
    this.startup = new StartupWatch({
      scheduler,
      timeoutMs: config.timeoutMs,
      prompt: this.tracker,
      maxMotdBytes: config.maxReadBytes,
      motd: () => {
        const { text } = this.output.take()
        return text.endsWith(CONTROLLED_PROMPT) ? text.slice(0, -CONTROLLED_PROMPT.length) : text
      },
      signal,
    })
    this.detachData = handle.onData((chunk) => this.onData(chunk))
    void handle.exited.then((exit) => this.onExit(exit))
    try {
      this.motd = await this.startup.ready
      return this.motd
    } finally {
      this.startup = undefined
      const held = this.nonceEcho.end()
      if (held !== '') void this.onData(held)
    }
  }

  status(): TerminalSessionStatus {
    const exit = this.exit
    return exit ? { kind: 'exited', exitCode: exit.exitCode, signal: exit.signal } : { kind: 'running' }
  }

  send(request: TerminalSendRequest): TerminalSendOperation {
    const { handle, config, scheduler } = this.options
    const bytes = utf8Length(request.text)
    if (bytes > config.maxSendBytes) {
      throw new TerminalBashError(
        'SEND_TOO_LARGE',
        `terminal-bash: the text is ${bytes} bytes, more than maxSendBytes (${config.maxSendBytes}); nothing was written. Write it to a file instead (a file tool, or several smaller sends such as appending heredocs) and have the program read the file`,
      )
    }
    // input without a line end cannot start a command (a lone ^C): its prompt needs none
    this.tracker.resetCount(request.submit || /[\r\n]/.test(request.text))
    const operation: SendOperation = new SendOperation({
      port: {
        inspect: () => handle.inspectForeground(),
        flushOutput: () => handle.flushOutput(),
        write: (data) => handle.write(data),
        interrupt: () => handle.signalForeground('SIGINT'),
        status: () => this.status(),
        termios: () => readTermios(handle.pid),
        inputQueued: () => readInputQueue(handle.pid),
        typedAtPrompt: (text) => {
          this.commandLine.sync(this.tracker.markersEver)
          // only at its PS1 prompt is the shell's input its command line (not a `read`)
          if (this.tracker.lastMarker !== 'prompt') return undefined
          this.commandLine.typed(text)
          return this.commandLine.pending
        },
      },
      request,
      scheduler,
      timing: config,
      prompt: this.tracker,
      output: this.outputPort(request.viewportBytes),
      screen: this.screen,
      enter: ENTER,
      onDone: () => {
        if (this.active === operation) this.active = undefined
      },
    })
    this.active = operation
    if (this.answers.busy) operation.answering(true)
    if (this.exit || this.closed) operation.exited()
    return operation
  }

  /**
   * A page of scrollback; while a full-screen program shows a screen (which the scrollback
   * does not hold), the page carries a snapshot of it, so a read never hides what the
   * terminal shows.
   */
  async read(request: TerminalReadRequest): Promise<TerminalReadResult> {
    const { offset = 0, count } = request
    const bad = (v: unknown) => !(typeof v === 'number' && Number.isSafeInteger(v) && v >= 0)
    if (bad(offset) || (count !== undefined && bad(count))) {
      throw new TerminalBashError(
        'BAD_READ',
        `terminal-bash: offset and count must be non-negative safe integers (got offset ${String(offset)}, count ${String(count)})`,
      )
    }
    const page = this.output.read(offset, count)
    const screen = this.output.screenShown ? await this.responder.screen() : undefined
    if (!screen || !this.output.screenShown) return page
    return { ...page, screen: renderSnapshot(screen) }
  }

  async signal(signal: TerminalSignal): Promise<TerminalSignalResult> {
    if (!TERMINAL_SIGNALS.includes(signal)) {
      throw new TerminalBashError(
        'BAD_SIGNAL',
        `terminal-bash: unsupported signal ${JSON.stringify(signal)}; use one of ${TERMINAL_SIGNALS.join(', ')}`,
      )
    }
    if (this.closed) throw new TerminalBashError('SESSION_CLOSED')
    try {
      const delivery = await this.options.handle.signalForeground(signal)
      return { delivered: true, targetPgid: delivery.targetPgid }
    } catch (error) {
      throw mapSubprocessError(error)
    }
  }

  /**
   * Stop readiness work, tear the whole process tree down through the handle, settle an
   * active send as session_exit. A failed close rejects naming survivors and can be retried.
   */
  close(_reason?: unknown): Promise<void> {
    if (this.closing) return this.closing
    const attempt = this.runClose()
    this.closing = attempt
    attempt.catch(() => {
      if (this.closing === attempt) this.closing = undefined
    })
    return attempt
  }

  private async runClose(): Promise<void> {
    this.startup?.stop()
    this.active?.halt()
    try {
      await this.options.handle.terminate()
    } catch (error) {
      this.active?.abandon('session_exit')
      throw mapSubprocessError(error)
    }
    this.closed = true
    this.active?.abandon('session_exit')
    this.detachData()
    this.responder.dispose()
  }

  /** Returns the emulator's parse of the chunk while pending (the terminal's back-pressure). */
  private onData(chunk: string): Promise<void> | undefined {
    const raw = this.nonceEcho.done ? chunk : this.nonceEcho.push(chunk)
    this.modes.push(raw)
    const screen = this.route(this.sanitizer.push(raw))
    return this.responder.write(raw, screen)
  }

  /** Returns true when the alternate screen was active during these pieces. */
  private route(pieces: SanitizedPiece[]): boolean {
    const text = this.tracker.feed(pieces)
    this.tail.push(text, this.options.scheduler.now())
    if (this.tracker.promptsEver !== this.promptsSeen) {
      this.promptsSeen = this.tracker.promptsEver
      this.modes.shellPrompted()
    }
    const alternate = this.output.feed(pieces)
    // every raw chunk counts as activity for readiness, even one that was all escapes
    this.active?.activity(text)
    this.startup?.output(text)
    return alternate
  }

  /**
   * A send reads from the session's one delivery cursor: what it does not take, the next
   * send does. While a full-screen program shows a screen the viewport ends with a
   * snapshot of that screen.
   */
  private outputPort(viewportBytes: number | undefined): SendOutputPort {
    const budget = Math.min(viewportBytes ?? this.options.config.maxReadBytes, this.options.config.maxReadBytes)
    return {
      take: () => this.output.take(budget),
      viewport: async () => {
        const screen = this.output.screenShown ? await this.responder.screen() : undefined
        if (!screen || !this.output.screenShown) return this.output.take(budget)
        const snapshot = renderSnapshot(screen)
        const chunk = this.output.take(budget - utf8Length(snapshot) - 1, !this.output.alternate)
        const text = chunk.text === '' ? snapshot : `${chunk.text}${chunk.text.endsWith('\n') ? '' : '\n'}${snapshot}`
        return { ...chunk, text }
      },
    }
  }

  private onExit(exit: TerminalExit): void {
    this.route(this.sanitizer.flush())
    this.exit = exit
    this.active?.exited()
    this.startup?.exited(exit.exitCode, exit.signal)
  }

  private answer(reply: string): Promise<void> {
    if (this.exit || this.closed) return Promise.resolve()
    this.active?.injected(utf8Length(reply))
    return this.options.handle.write(reply).catch(() => { /* the terminal is gone: nothing to answer */ })
  }
}

/** A live view of what the output shows about the foreground program. */
function screenOf(modes: TerminalModes, tail: LineTail): ScreenView {
  return {
    get paste() { return modes.paste },
    get alternate() { return modes.alternate },
    get leaving() { return modes.leaving },
    get lastLine() { return tail.line },
    get lastOutputAt() { return tail.at },
    get interruptEchoes() { return tail.interruptEchoes },
  }
}
