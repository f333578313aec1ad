// @dsh-pure
import type { ForegroundInspection } from 'dsh-subprocess'
import type { Scheduler } from '../readiness/scheduler'
import { QUIET_PROBE_MS } from '../readiness/timing'

/**
 * How long a cancelled send looks for the command its input started after the interrupt
 * (the shell announced a command, the program is not in the foreground yet). Forking and
 * handing over the terminal takes milliseconds, but a loaded host can keep the child from
 * running much longer; the send's own cancel bound (CANCEL_SETTLE_MAX_MS) is the same.
 */
export const CHASE_MAX_MS = 5_000

/** The chase looks every QUIET_PROBE_MS at first, then this often (a slow handover). */
export const CHASE_SLOW_POLL_MS = 20

/** How long the chase polls at the fast rate. */
const CHASE_FAST_MS = 100

export interface CancelChaseOptions {
  readonly scheduler: Scheduler
  readonly inspect: () => Promise<ForegroundInspection>
  /** Deliver a real SIGINT to the foreground group (resolved at call time). */
  readonly interrupt: () => Promise<{ readonly targetPgid: number }>
  /** Commands the shell announced since the send began (its command-start markers). */
  readonly commands: () => number
  /** Prompt markers since the send began. */
  readonly prompts: () => number
  /** The send settled: stop chasing. */
  readonly settled: () => boolean
  /**
   * Interrupt by typing the terminal's INTR character, when the line discipline turns it
   * into a SIGINT (ISIG) and flushes unread input with it; false when it would not (then a
   * real SIGINT is sent instead). Absent when nothing was written (nothing to flush).
   */
  readonly typeInterrupt?: () => Promise<boolean>
  /** `^C` echoes shown so far: the typed interrupt was processed once one more appears. */
  readonly echoes?: () => number
  /**
   * The shell sits idle at its own prompt (nothing typed, PS1 shown). With nothing written
   * there is nothing to interrupt then, and a SIGINT could only race readline (one that
   * lands before readline blocks is handled at the next keystroke, eating it).
   */
  readonly idleAtPrompt?: () => boolean
}

/**
 * A cancel's interrupt, and what it takes to make it final. Input already written can
 * still be read and run after a plain SIGINT (a kill does not touch the terminal's input
 * queue: a cancel 0-5 ms after the write reaches the shell before it read the line, or
 * while it forks the command). So when input was written and the line discipline allows,
 * the interrupt is typed: the terminal's INTR character raises SIGINT in the foreground
 * group and flushes every unread byte with it, in order with the input (no later signal
 * may overtake it; only a command the shell was starting when INTR hit the shell's own
 * group is chased, see below). Otherwise a real SIGINT goes to the
 * foreground group (it works under `stty -isig` and raw mode), and each command the shell
 * starts afterwards (or was forking when the SIGINT hit the shell itself) is chased: once
 * a group other than the shell owns the foreground, it gets a SIGINT too. An interrupt
 * that hit a program is not repeated (a second ^C quits the node REPL). Every delivery is
 * tracked in `deliveries`, so the send releases the session only after the last settled.
 */
export class CancelChase {
  /** Settles once every interrupt delivered so far settled (never rejects). */
  deliveries: Promise<void> = Promise.resolve()
  /** The interrupt was typed: the line discipline dropped the unread input. */
  flushed = false
  /** Nothing was interrupted: nothing was written and the shell sat idle at its prompt. */
  skipped = false
  /** Commands the shell announced are chased (plain SIGINT path only). */
  private chaseCommands = false
  private seenCommands = 0
  private chasing = false
  /** The first interrupt took effect (a typed one: its echo appeared). */
  private processed: () => boolean = () => true

  constructor(private readonly options: CancelChaseOptions) {}

  start(): void {
    const { inspect, interrupt, typeInterrupt } = this.options
    this.seenCommands = this.options.commands()
    const first = (async (): Promise<boolean> => {
      if (typeInterrupt !== undefined) {
        const before = await inspect().catch(() => undefined)
        const echoes = this.options.echoes?.()
        if (await typeInterrupt().catch(() => false)) {
          this.flushed = true
          // the shell may have been forking the command when INTR hit the shell's own group;
          // the line discipline may process INTR a little later than a kill lands, so the
          // chase waits for its echo (a kill first would leave INTR for the next prompt)
          if (echoes !== undefined) this.processed = () => (this.options.echoes?.() ?? 0) > echoes
          return before?.isShell === true
        }
      }
      if (typeInterrupt === undefined && this.options.idleAtPrompt?.() === true) {
        // the shell owns the terminal at its prompt (blocked in readline, or about to be:
        // exactly when a SIGINT would race it)
        const now = await inspect().catch(() => undefined)
        if (now?.isShell === true && this.options.idleAtPrompt()) {
          this.skipped = true
          return false
        }
      }
      const target = await interrupt().catch(() => undefined)
      this.chaseCommands = true
      if (target === undefined) return false
      const shellPgid = (await inspect().catch(() => undefined))?.shellPgid
      return shellPgid !== undefined && target.targetPgid === shellPgid
    })()
    this.track(first)
    void first.then((hitShell) => {
      if (hitShell && !this.chasing && !this.options.settled()) void this.chase()
      else this.output()
    })
  }

  /** Output arrived: a command announced since the last interrupt is chased. */
  output(): void {
    if (!this.chaseCommands || this.chasing || this.options.commands() <= this.seenCommands) return
    this.seenCommands = this.options.commands()
    void this.chase()
  }

  private track(delivery: Promise<unknown>): void {
    const settled = delivery.then(() => undefined, () => undefined)
    this.deliveries = Promise.all([this.deliveries, settled]).then(() => undefined)
  }

  private async chase(): Promise<void> {
    const { scheduler, inspect, interrupt, prompts, settled } = this.options
    this.chasing = true
    const promptsBefore = prompts()
    const deadline = scheduler.now() + CHASE_MAX_MS
    // until the command holds the foreground, or its prompt shows it already ended
    while (!settled() && prompts() === promptsBefore && scheduler.now() < deadline) {
      if (this.processed()) {
        const inspection = await inspect().catch(() => undefined)
        if (settled()) break
        if (inspection !== undefined && !inspection.isShell) {
          this.track(interrupt())
          break
        }
      }
      const fast = scheduler.now() < deadline - CHASE_MAX_MS + CHASE_FAST_MS
      await new Promise<void>((resolve) => scheduler.after(fast ? QUIET_PROBE_MS : CHASE_SLOW_POLL_MS, resolve))
    }
    this.chasing = false
    // a command announced while this one was chased gets its own chase
    this.output()
  }
}
