import {
  type ForegroundInspection,
  type ForegroundSignal,
  type SignalDelivery,
  SubprocessError,
  type SubprocessTerminalHandle,
  type TerminalExit,
  type TerminateResult,
} from 'dsh-subprocess'
import { FakeBarrier } from './fake-barrier'
import { fg } from './fake-foreground'

/** A scripted terminal handle: the test emits output, exits, and decides teardown. */
export class FakeHandle implements SubprocessTerminalHandle {
  readonly pid = 4242
  readonly written: string[] = []
  readonly signals: ForegroundSignal[] = []
  exit: TerminalExit | undefined
  readonly exited: Promise<TerminalExit>
  terminateFailures = 0
  signalError: SubprocessError | undefined
  /** The output barrier behind flushOutput (a test can hold it pending). */
  readonly barrier = new FakeBarrier()
  private resolveExit!: (exit: TerminalExit) => void
  private listeners = new Set<(chunk: string) => void | PromiseLike<void>>()
  private early: string[] = []

  constructor() {
    this.exited = new Promise((resolve) => { this.resolveExit = resolve })
  }

  onData(listener: (chunk: string) => void | PromiseLike<void>): () => void {
    this.listeners.add(listener)
    for (const chunk of this.early.splice(0)) listener(chunk)
    return () => { this.listeners.delete(listener) }
  }

  /** Deliver output; returns what the listeners returned (their back-pressure promises). */
  emit(chunk: string): Array<void | PromiseLike<void>> {
    if (this.listeners.size === 0) this.early.push(chunk)
    return [...this.listeners].map((l) => l(chunk))
  }

  end(exit: TerminalExit): void {
    this.exit = exit
    this.resolveExit(exit)
  }

  async write(data: string): Promise<void> {
    if (this.exit) throw new SubprocessError('HANDLE_EXITED')
    this.written.push(data)
  }

  resize(): void {}

  async inspectForeground(): Promise<ForegroundInspection> {
    if (this.exit) throw new SubprocessError('HANDLE_EXITED')
    return fg('waiting')
  }

  async signalForeground(signal: ForegroundSignal): Promise<SignalDelivery> {
    if (this.signalError) throw this.signalError
    this.signals.push(signal)
    return { delivered: true, targetPgid: 300 }
  }

  flushOutput(): Promise<boolean> {
    return this.barrier.flush()
  }

  async terminate(): Promise<TerminateResult> {
    if (this.terminateFailures > 0) {
      this.terminateFailures--
      throw new SubprocessError('TERMINATE_FAILED', 'teardown incomplete', { survivors: [777] })
    }
    if (!this.exit) this.end({ exitCode: null, signal: 'SIGHUP' })
    await Promise.resolve()
    return { exit: this.exit!, signalled: [] }
  }
}
