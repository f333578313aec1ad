import { constants } from 'node:os'
import {
  FOREGROUND_SIGNALS,
  type ForegroundInspection,
  type ForegroundSignal,
  type SignalDelivery,
  SubprocessError,
  type SubprocessTerminalHandle,
  type TerminalExit,
  type TerminateResult,
} from 'dsh-subprocess'
import type { IPty } from 'node-pty'
import type { SessionCgroup } from '../cgroup/session-cgroup'
import type { ProcessInspector, TerminalRef } from '../inspect/types'
import { type TeardownDeps, tearDown } from '../teardown/tear-down'
import { killTreeSync } from '../teardown/node-deps'
import { ExitDrain } from './exit-drain'
import { checkSize } from './options'
import { OutputBarrier } from './output-barrier'
import { type Delivery, OutputFlow } from './output-flow'

/** An onData listener; a returned promise marks the chunk consumed when it settles. */
type OutputListener = (chunk: string) => void | PromiseLike<void>

/**
 * How long terminate() waits for node-pty to report the top-level exit once the process is
 * gone. node-pty reports exit only after the pty's read side closed (all output delivered),
 * or after its own 200 ms socket timeout when a stray process still holds the pty open.
 */
export const EXIT_REPORT_WAIT_MS = 1_000

/**
 * Output kept while nobody listens yet (between spawn and the first onData call), so the
 * first prompt is never lost; past this, the oldest early chunks are dropped.
 */
export const MAX_EARLY_OUTPUT_BYTES = 1024 * 1024

const SIGNAL_NAMES = new Map(Object.entries(constants.signals).map(([name, n]) => [n as number, name]))

export interface LocalTerminalOptions {
  readonly pty: IPty
  readonly argv: readonly string[]
  readonly graceMs: number
  readonly inspector: ProcessInspector
  readonly teardown: TeardownDeps
  /** Where a throwing onData listener's error goes (delivery to the others continues). */
  readonly onListenerError: (error: unknown) => void
  /** Called once, when terminate() succeeded (nothing of this terminal is left). */
  readonly onTornDown?: () => void
  /** The session's cgroup: teardown reads its members and kills it as a whole. */
  readonly cgroup?: SessionCgroup
}

/** A running PTY over node-pty, using only its public surface (pid, data, exit, write, resize). */
export class LocalTerminal implements SubprocessTerminalHandle {
  readonly pid: number
  readonly exited: Promise<TerminalExit>
  private exitValue: TerminalExit | undefined
  private exitReported = false
  private readonly listeners = new Set<OutputListener>()
  private readonly ref: TerminalRef & { start: string }
  /** Output that arrived before the first listener, delivered to it on subscription. */
  private early: string[] = []
  private earlyBytes = 0
  private subscribed = false
  private readonly drain: ExitDrain
  private readonly barrier: OutputBarrier
  /** Paced delivery with back-pressure on the pty (see OutputFlow). */
  readonly flow: OutputFlow
  private readonly pty: IPty
  private terminating: Promise<TerminateResult> | undefined
  private terminated: TerminateResult | undefined

  constructor(private readonly options: LocalTerminalOptions) {
    this.pty = options.pty
    this.pid = options.pty.pid
    this.ref = { pid: this.pid, start: '', argv: options.argv }
    // The exit drain sees the top-level exit first (SIGCHLD): from then on the rest of the
    // pty is read whatever the listeners' backlog, so the exit is never held up.
    this.drain = new ExitDrain(() => options.inspector.hasExited(this.ref), () => this.flow.release())
    this.barrier = new OutputBarrier(() => this.drain.writableFd, (text) => { this.dispatch(text) }, () => this.flow.idle())
    // The barrier's sentinel filter runs as output is delivered, so a flushOutput() proof
    // still means "delivered to the listeners".
    this.flow = new OutputFlow(this.pty, (raw) => {
      const chunk = this.barrier.filter.push(raw)
      return chunk === '' ? undefined : this.dispatch(chunk)
    }, (turn) => setImmediate(turn))
    this.pty.onData((raw) => {
      this.drain.noteData()
      this.flow.push(raw)
    })
    this.exited = new Promise((resolve) => {
      this.pty.onExit(({ exitCode, signal }) => {
        this.exitReported = true
        this.drain.release()
        this.flow.release()
        // node-pty emits exit after the pty's read side closed, so every data event has
        // fired; what the flow still queues is delivered first, then one macrotask hop lets
        // listeners queued behind it run.
        void this.flow.idle().then(() => {
          const held = this.barrier.end()
          if (held !== '') this.dispatch(held)
          setImmediate(() => {
            const exit: TerminalExit = signal ? { exitCode: null, signal: SIGNAL_NAMES.get(signal) ?? `signal ${signal}` } : { exitCode, signal: null }
            this.exitValue = exit
            this.listeners.clear()
            resolve(exit)
          })
        })
      })
    })
  }

  get exit(): TerminalExit | undefined {
    return this.exitValue
  }

  /**
   * Call once, right after spawn: read the top-level process's start-time identity and hold
   * the pty open until its output was drained at exit (see ExitDrain).
   */
  async identify(): Promise<void> {
    this.ref.start = (await this.options.inspector.lookup([this.pid])).get(this.pid)?.start ?? ''
    if (!this.exitReported) await this.drain.hold(this.options.inspector, this.pid)
    if (this.exitReported) this.drain.release()
    // Without a held slave nothing would release a paused pty at exit: never pause then.
    if (!this.drain.holding) this.flow.release()
  }

  /**
   * Give up a terminal that could not be identified: SIGKILL its process group (node-pty made
   * the child a session and group leader) and the child itself, stop holding the pty, and
   * wait (bounded) for node-pty to report the exit. Nothing else of it can have started yet
   * that the group kill does not reach, except a process that already left the group.
   */
  async discard(): Promise<void> {
    await this.options.cgroup?.kill()
    for (const target of [-this.pid, this.pid]) {
      try {
        process.kill(target, 'SIGKILL')
      } catch {
        // already gone
      }
    }
    this.drain.release()
    await within(this.exited, EXIT_REPORT_WAIT_MS)
    await this.options.cgroup?.remove()
  }

  onData(listener: OutputListener): () => void {
    const early = this.early
    this.early = []
    this.earlyBytes = 0
    this.subscribed = true
    for (const chunk of early) this.deliver(listener, chunk)
    if (this.exitValue) return () => {}
    this.listeners.add(listener)
    return () => { this.listeners.delete(listener) }
  }

  /**
   * Hand output to every listener, or keep it until the first one subscribes. Returns the
   * promises of listeners still consuming it (back-pressure, see OutputFlow).
   */
  private dispatch(chunk: string): Delivery {
    if (!this.subscribed) {
      this.keepEarly(chunk)
      return undefined
    }
    const pending: PromiseLike<unknown>[] = []
    for (const listener of this.listeners) {
      const consumed = this.deliver(listener, chunk)
      if (consumed) pending.push(consumed)
    }
    return pending.length > 0 ? pending : undefined
  }

  private keepEarly(chunk: string): void {
    this.early.push(chunk)
    this.earlyBytes += chunk.length
    while (this.earlyBytes > MAX_EARLY_OUTPUT_BYTES && this.early.length > 1) this.earlyBytes -= this.early.shift()!.length
  }

  private deliver(listener: OutputListener, chunk: string): PromiseLike<unknown> | undefined {
    try {
      const result = listener(chunk)
      return result && typeof result.then === 'function' ? result : undefined
    } catch (error) {
      this.options.onListenerError(error)
      return undefined
    }
  }

  async write(data: string): Promise<void> {
    if (typeof data !== 'string') throw new SubprocessError('INVALID_ARGUMENT', `write: data must be a string, got ${typeof data}`)
    this.assertRunning()
    this.pty.write(data)
  }

  resize(rows: number, cols: number): void {
    const size = checkSize(rows, cols)
    if (this.exitReported) return
    this.pty.resize(size.cols, size.rows)
  }

  async inspectForeground(): Promise<ForegroundInspection> {
    this.assertRunning()
    return this.options.inspector.inspect(this.ref)
  }

  async signalForeground(signal: ForegroundSignal): Promise<SignalDelivery> {
    if (!FOREGROUND_SIGNALS.includes(signal)) {
      throw new SubprocessError('INVALID_ARGUMENT', `signalForeground: signal must be one of ${FOREGROUND_SIGNALS.join(', ')}, got ${JSON.stringify(signal)}`)
    }
    this.assertRunning()
    const group = await this.options.inspector.foreground(this.ref)
    if (signal === 'SIGKILL' && group.isShell) throw new SubprocessError('SHELL_SIGKILL')
    try {
      process.kill(-group.pgid, signal)
    } catch (cause) {
      throw new SubprocessError('FOREGROUND_UNKNOWN', `the foreground process group ${group.pgid} could not be signalled (it may have just exited); nothing was signalled`, { cause })
    }
    return { delivered: true, targetPgid: group.pgid }
  }

  /**
   * Output barrier: a sentinel written to the pty slave comes out of the master after all
   * output written before it (see OutputBarrier). False quickly when no writable, verified
   * slave is held (not Linux, or the process exited), or after FLUSH_TIMEOUT_MS.
   */
  flushOutput(): Promise<boolean> {
    return this.barrier.flush()
  }

  terminate(): Promise<TerminateResult> {
    if (this.terminated) return Promise.resolve(this.terminated)
    this.terminating ??= this.runTeardown().then(
      (result) => {
        this.terminated = result
        this.options.onTornDown?.()
        return result
      },
      (error: unknown) => { this.terminating = undefined; throw error },
    )
    return this.terminating
  }

  /** Synchronous last-resort SIGKILL of the whole tree (host exit). */
  killSync(): void {
    const { cgroup } = this.options
    if (cgroup) cgroup.killSync()
    else killTreeSync(this.options.inspector, this.ref)
    this.drain.release()
  }

  /** After killSync: drop the cgroup directories if they already emptied (else the next start reaps them). */
  removeSync(): void {
    this.options.cgroup?.removeSync()
  }

  private async runTeardown(): Promise<TerminateResult> {
    if (!this.exitReported) await this.options.inspector.foreground(this.ref).catch(() => undefined) // recognises the shell
    const { cgroup } = this.options
    const report = await tearDown(
      { top: this.ref, shell: this.ref.shell, topExited: () => this.exitReported, graceMs: this.options.graceMs, ...(cgroup ? { group: cgroup } : {}) },
      this.options.teardown,
    )
    const exit = await within(this.exited, EXIT_REPORT_WAIT_MS)
    if (report.survivors.length > 0 || !exit) {
      const what = report.survivors.length > 0 ? `processes ${report.survivors.join(', ')} survived SIGKILL` : `the exit of process ${this.pid} was not reported`
      throw new SubprocessError('TERMINATE_FAILED', `terminal ${this.pid} teardown incomplete: ${what}; retry the close`, { survivors: report.survivors })
    }
    await cgroup?.remove()
    return { exit, signalled: report.signalled, killed: report.killed }
  }

  private assertRunning(): void {
    if (this.exitReported) throw new SubprocessError('HANDLE_EXITED', `terminal process ${this.pid} has exited; open a new session`)
  }
}

/** The promise's value, or undefined when it did not settle within `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<undefined>((resolve) => { timer = setTimeout(resolve, ms, undefined) })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}
