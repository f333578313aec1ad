// @dsh-pure
import type { ForegroundInspection } from 'dsh-subprocess'
import type { TerminalWaitReason } from 'dsh-terminal'
import type { ReadinessTiming, Scheduler } from './scheduler'
import { isPromptShaped } from './prompt-shape'
import { DRAIN_MAX_MS, DRAIN_QUIET_MS, QUIET_PROBE_MS, TYPEAHEAD_QUIET_MS, UNCERTAIN_QUIET_MS } from './timing'
import { WaitEvidence } from './wait-evidence'

/** The prompt-marker facts readiness reads (a live view of the marker tracker). */
export interface PromptView {
  /** Valid markers seen since this send began. */
  readonly markers: number
  /** The printable tail after the latest marker is exactly the controlled prompt. */
  readonly promptReady: boolean
  /** The exit status the latest prompt marker carried (`$?` of the last command). */
  readonly lastStatus?: number
  /** The latest marker since this send began is a continuation prompt (PS2), shown exactly. */
  readonly continuationReady?: boolean
  /** Command-start markers seen since this send began. */
  readonly commands?: number
  /** The latest marker is a PS1 prompt marker followed by exactly the prompt (stale or not). */
  readonly promptShown?: boolean
  /** The ready prompt follows a command the shell announced after the send began (PS0). */
  readonly commandAnswered?: boolean
}


/** What the output stream shows about the foreground program (a live view). */
export interface ScreenView {
  /** The foreground enabled bracketed paste (see TerminalModes). */
  readonly paste: boolean
  /** A full-screen program is on the alternate screen. */
  readonly alternate: boolean
  /** A full-screen program is tearing its terminal down (see TerminalModes). */
  readonly leaving: boolean
  /** The current, unterminated output line (see LineTail). */
  readonly lastLine: string
  /** When the terminal last printed anything (scheduler time). */
  readonly lastOutputAt: number
  /** `^C` echoes shown so far (a typed interrupt was processed). */
  readonly interruptEchoes: number
}

export interface SendReadinessOptions {
  readonly scheduler: Scheduler
  readonly timing: ReadinessTiming
  readonly inspect: () => Promise<ForegroundInspection>
  /**
   * Output barrier: resolves once every byte the terminal's programs wrote before the call
   * was delivered (see SubprocessTerminalHandle.flushOutput); never rejects.
   */
  readonly flushOutput: () => Promise<boolean>
  readonly prompt: PromptView
  /** The terminal as the output shows it (omitted: every stdin wait is taken as certain). */
  readonly screen?: ScreenView
  readonly onSettle: (reason: TerminalWaitReason) => void
}

/**
 * Decides when one send is done and why, settling as soon as the evidence holds:
 * - stdin_read: the nonce marker plus the exact prompt arrived and the shell owns the
 *   foreground again (one inspection confirms); or the inspector proves a new stdin wait
 *   (probed whenever output pauses for QUIET_PROBE_MS, and on every poll tick), settled
 *   only after an output barrier (see ready());
 * - inferred_idle: idleSilenceMs without output (+handoffGraceMs once a marker was seen);
 * - timeout: timeoutMs after the send began; session_exit: the shell exited.
 */
export class SendReadiness {
  settled: TerminalWaitReason | undefined
  private halted = false
  private evidence: WaitEvidence | undefined
  /** The input raised signals: a stdin wait counts only after output that followed the write. */
  private signalled = false
  private answerPending = false
  private cancelRecheck: (() => void) | undefined
  /** The latest inspection that showed readiness (the foreground the send settled on). */
  shown: ForegroundInspection | undefined
  /** When a cancel's interrupt landed, and how many prompts had been seen by then. */
  private interruptedAt: number | undefined
  private promptsAtInterrupt = 0
  private writtenAt = 0
  private lastOutputAt = 0
  private readonly cancels = new Set<() => void>()
  private cancelQuiet: (() => void) | undefined
  private probing = false
  private probeAgain = false
  /** The latest inspection that showed readiness, while readiness keeps being shown. */
  private pending: Sample | undefined
  private drainArmed = false
  /** An output barrier is in flight: readiness was shown, the send settles when it lands. */
  private flushing = false

  constructor(private readonly options: SendReadinessOptions) {}

  /** The send began: the timeout clock starts. */
  begin(): void {
    const { scheduler, timing } = this.options
    this.timer(timing.timeoutMs, () => this.settle('timeout'))
    this.lastOutputAt = scheduler.now()
  }

  /**
   * The input landed. `baseline` is the pre-write inspection (undefined when the lookup
   * failed); `bytes` is what the foreground must consume to prove it read the input (what
   * the line discipline makes readable). `signalled`: the input raised signals (a ^C typed
   * as text), so a wait counts only once the program printed something after the write.
   * `reads`: read calls needed beyond the bytes (an EOF is an empty read).
   */
  written(baseline: ForegroundInspection | undefined, bytes: number, signalled = false, reads = 0): void {
    if (this.settled || this.halted) return
    const { scheduler, timing } = this.options
    this.evidence = new WaitEvidence(baseline, bytes, reads)
    this.signalled = signalled
    this.writtenAt = scheduler.now()
    this.lastOutputAt = this.writtenAt
    this.armQuietProbe()
    this.tick()
    this.armSilence(timing.idleSilenceMs)
    if (this.markerCandidate()) this.probe()
  }

  /** Output arrived (already sanitized and run through the marker tracker). */
  output(): void {
    if (this.settled || this.halted) return
    this.lastOutputAt = this.options.scheduler.now()
    if (this.evidence === undefined) return
    if (this.drainArmed) return
    if (this.markerCandidate()) this.probe()
    // an uncertain wait is waiting for its answer: look again as soon as output pauses
    this.armQuietProbe(this.cancelRecheck !== undefined)
  }

  /** Bytes written into the terminal besides the send (query answers). */
  injected(bytes: number): void {
    this.evidence?.addInjected(bytes)
  }

  /**
   * Whether an answer to a terminal query is being decided: until it is written (and then
   * counted as input the foreground must read) or dropped, no wait counts as readiness.
   */
  answering(pending: boolean): void {
    this.answerPending = pending
    if (!pending) this.probe()
  }

  /** The top-level process exited. */
  exited(): void {
    this.settle('session_exit')
  }

  /**
   * A cancel's interrupt landed. From now on a prompt printed after it counts (it needs no
   * new command), a wait counts once the program reacted with output, and the send settles
   * `timeout` after `limitMs` at the latest. `flushed`: the interrupt was typed, so the line
   * discipline dropped whatever of the input was still unread. Nothing written yet: the
   * readiness work starts here, with nothing to consume.
   */
  interrupted(flushed: boolean, limitMs: number): void {
    if (this.settled || this.halted) return
    if (this.evidence === undefined) this.written(undefined, 0, true)
    else if (flushed) this.evidence.dropUnread()
    this.signalled = true
    this.interruptedAt = this.options.scheduler.now()
    this.promptsAtInterrupt = this.options.prompt.markers
    this.timer(limitMs, () => this.settle('timeout'))
    this.probe()
  }

  /** The counters show the send's input still unread by the group that had the terminal. */
  unread(inspection: ForegroundInspection): boolean {
    return this.evidence?.unread(inspection) ?? false
  }

  /**
   * The send ended with the shell at its own PS1 prompt: the prompt answers it (marker
   * tier), or a prompt printed during the send is the last thing shown and the shell is
   * what proved ready (a program the previous send started exited).
   */
  get atShellPrompt(): boolean {
    const { prompt } = this.options
    if (prompt.continuationReady === true) return false
    return this.markerCandidate() || (prompt.markers > 0 && prompt.promptShown === true && this.shown?.isShell === true)
  }

  /** Settle now with `reason` (e.g. close); no-op once settled. */
  settle(reason: TerminalWaitReason): void {
    if (this.settled) return
    this.settled = reason
    this.stop()
    this.options.onSettle(reason)
  }

  /** Stop every timer and probe for good; only an explicit settle() still ends the send. */
  stop(): void {
    this.halted = true
    for (const cancel of this.cancels) cancel()
    this.cancels.clear()
    this.cancelQuiet = undefined
  }

  private markerCandidate(): boolean {
    const { prompt } = this.options
    // after a cancel's interrupt, any prompt printed since it is the shell back at rest
    const sinceInterrupt = this.interruptedAt !== undefined && prompt.markers > this.promptsAtInterrupt && prompt.promptShown === true
    return sinceInterrupt || (prompt.markers > 0 && prompt.promptReady) || prompt.continuationReady === true
  }

  private timer(ms: number, fn: () => void): () => void {
    const cancel = this.options.scheduler.after(ms, () => {
      this.cancels.delete(cancel)
      fn()
    })
    this.cancels.add(cancel)
    return cancel
  }

  /** Probe once output has paused; past exactProbeAfterMs the poll tick takes over (unless `always`). */
  private armQuietProbe(always = false): void {
    const { scheduler, timing } = this.options
    if (!always && scheduler.now() - this.writtenAt >= timing.exactProbeAfterMs) return
    if (this.cancelQuiet) {
      this.cancelQuiet()
      this.cancels.delete(this.cancelQuiet)
    }
    this.cancelQuiet = this.timer(QUIET_PROBE_MS, () => {
      this.cancelQuiet = undefined
      this.probe()
    })
  }

  private tick(): void {
    this.timer(this.options.timing.pollIntervalMs, () => {
      this.probe()
      this.tick()
    })
  }

  private armSilence(ms: number): void {
    this.timer(ms, () => {
      const { scheduler, timing, prompt } = this.options
      const limit = timing.idleSilenceMs + (prompt.markers > 0 ? timing.handoffGraceMs : 0)
      const quiet = scheduler.now() - this.lastOutputAt
      if (quiet >= limit) this.settle('inferred_idle')
      else this.armSilence(limit - quiet)
    })
  }

  private probe(): void {
    if (this.settled || this.halted || this.flushing || this.evidence === undefined) return
    if (this.probing) {
      this.probeAgain = true
      return
    }
    this.probing = true
    const startedAt = this.options.scheduler.now()
    this.options.inspect().then(
      (inspection) => this.judge(inspection, startedAt),
      () => { /* a failed lookup is a miss; the next probe retries */ },
    ).finally(() => {
      this.probing = false
      if (this.probeAgain && !this.settled) {
        this.probeAgain = false
        this.probe()
      }
    })
  }

  private judge(inspection: ForegroundInspection, startedAt: number): void {
    if (this.settled || this.halted || this.evidence === undefined || this.drainArmed) return
    if (this.answerPending) {
      this.pending = undefined
      return
    }
    const evidence = this.evidence.observe(inspection)
    // re-read the marker state now: output may have arrived while the probe ran. Where the
    // inspection can prove nothing (no wait verdict, no counters: the ps inspector of
    // macOS), a prompt counts only with the shell's own proof that it read a command since
    const blind = inspection.stdin === 'unknown' && inspection.counters === undefined
    const atPrompt = evidence.shellAtPrompt && (blind ? this.options.prompt.commandAnswered === true : this.markerCandidate())
    // a signal consumes no input: the wait seen may predate the program's reaction to it
    const reacted = !this.signalled || this.lastOutputAt > (this.interruptedAt ?? this.writtenAt)
    if (!atPrompt && !(evidence.stdinWait && reacted)) {
      this.pending = undefined
      return
    }
    if (!atPrompt && this.uncertain(inspection)) {
      this.pending = undefined
      this.recheckWhenQuiet()
      return
    }
    this.shown = inspection
    const sample = { pgid: inspection.pgid, rchar: inspection.counters?.rchar, at: startedAt, proven: evidence.consumed }
    const previous = this.pending
    const since = previous?.since ?? startedAt
    // unproven readiness is confirmed by a second look after a quiet moment: same group,
    // same counters, no output in between (a shell reading typeahead changes both)
    const confirmed = previous !== undefined && !sample.proven && !previous.proven &&
      previous.pgid === sample.pgid && previous.rchar === sample.rchar && this.lastOutputAt <= previous.at
    if (confirmed || this.options.scheduler.now() - since >= DRAIN_MAX_MS) {
      this.ready()
      return
    }
    this.pending = { ...sample, since }
    // the prompt's output is complete up to the marker: one I/O turn shows whether the
    // candidate is stale (more output was already on its way), no quiet period needed
    const quietMs = !sample.proven ? TYPEAHEAD_QUIET_MS : atPrompt ? 0 : DRAIN_QUIET_MS
    this.armDrain(quietMs, this.pending)
  }

  /**
   * After readiness was shown, wait until output stayed quiet for `quietMs` (at most
   * DRAIN_MAX_MS), then let pending I/O be delivered: bytes the program wrote before it
   * blocked land in this send. Counter-proven readiness with no output since then settles;
   * anything else is probed again (unproven readiness needs that confirmation).
   */
  private armDrain(quietMs: number, sample: Sample): void {
    const { scheduler } = this.options
    this.drainArmed = true
    const afterQuiet = () => {
      const now = scheduler.now()
      if (this.lastOutputAt > sample.at && now - this.lastOutputAt < quietMs && now - sample.since < DRAIN_MAX_MS) {
        this.drainArmed = false
        this.armDrain(quietMs, sample)
        return
      }
      this.io(() => {
        this.drainArmed = false
        if (sample.proven && this.lastOutputAt <= sample.at) this.ready()
        else this.probe()
      })
    }
    if (quietMs === 0) afterQuiet()
    else this.timer(quietMs, afterQuiet)
  }

  /**
   * Readiness holds. When the prompt marker shows it, everything the command printed is
   * already here (the marker is in the stream, after the output): settle now. When only an
   * inspection shows it, the program may be blocked on stdin while the kernel has not yet
   * handed its last output to us; the output barrier delivers every byte written before
   * the call (one PTY round trip), and what arrives meanwhile belongs to this send.
   */
  private ready(): void {
    if (this.markerCandidate()) {
      this.settle('stdin_read')
      return
    }
    this.flushing = true
    this.drainArmed = true
    const land = () => {
      if (this.halted) return
      // what the barrier delivered may show the wait is not the answer after all
      if (this.shown !== undefined && !this.markerCandidate() && this.uncertain(this.shown)) {
        this.flushing = false
        this.drainArmed = false
        this.recheckWhenQuiet()
        return
      }
      this.settle('stdin_read')
    }
    this.options.flushOutput().then(land, land)
  }

  /**
   * A stdin wait that may not be the answer yet (see UNCERTAIN_QUIET_MS): an event loop's
   * multiplexed wait whose output since the write does not end in a prompt-shaped line, or
   * a full-screen program tearing its terminal down. It counts once output stayed quiet.
   */
  private uncertain(inspection: ForegroundInspection): boolean {
    const { screen, scheduler } = this.options
    if (screen === undefined || inspection.isShell) return false
    // mid-teardown (bracketed paste off, the alternate screen not left yet): a program in
    // its exit wait, however long the machine keeps it there; only its end settles this
    if (screen.leaving && screen.alternate) return true
    const wait = inspection.evidence.find((e) => e.waitsOnStdin)
    const multiplexed = (wait?.watched ?? 1) > 1
    if (!multiplexed && !screen.leaving) return false
    if (!screen.leaving && this.lastOutputAt > this.writtenAt && isPromptShaped(screen.lastLine)) return false
    return scheduler.now() - Math.max(this.lastOutputAt, this.writtenAt) < UNCERTAIN_QUIET_MS
  }

  /** Probe again once output has been quiet for UNCERTAIN_QUIET_MS (one timer at a time). */
  private recheckWhenQuiet(): void {
    if (this.cancelRecheck !== undefined) return
    const quietSince = Math.max(this.lastOutputAt, this.writtenAt)
    const wait = Math.max(1, quietSince + UNCERTAIN_QUIET_MS - this.options.scheduler.now())
    this.cancelRecheck = this.timer(wait, () => {
      this.cancelRecheck = undefined
      if (this.options.scheduler.now() - Math.max(this.lastOutputAt, this.writtenAt) < UNCERTAIN_QUIET_MS) this.recheckWhenQuiet()
      else this.probe()
    })
  }

  private io(fn: () => void): void {
    const cancel = this.options.scheduler.afterIo(() => {
      this.cancels.delete(cancel)
      fn()
    })
    this.cancels.add(cancel)
  }
}

/** One inspection that showed readiness. */
interface Sample {
  readonly pgid: number
  readonly rchar: number | undefined
  /** When the probe that took it started. */
  readonly at: number
  /** Readiness proven by the counters (no confirmation needed). */
  readonly proven: boolean
  /** When readiness was first shown in this uninterrupted run of samples. */
  readonly since: number
}
