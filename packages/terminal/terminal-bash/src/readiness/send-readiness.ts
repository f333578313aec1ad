// @dsh-pure
import type { ForegroundInspection } from 'dsh-subprocess'
import type { TerminalWaitReason } from 'dsh-terminal'
import type { ReadinessTiming, Scheduler } from './scheduler'
import { DRAIN_MAX_MS, DRAIN_QUIET_MS, QUIET_PROBE_MS } from './timing'
import { WaitEvidence } from './wait-evidence'

/** The prompt-marker facts readiness reads (a live view of the marker tracker). */
export interface PromptView {
  /** Valid markers seen since this send began. */
  readonly markers: number
  /** The printable tail after the latest marker is exactly the controlled prompt. */
  readonly promptReady: boolean
}

export interface SendReadinessOptions {
  readonly scheduler: Scheduler
  readonly timing: ReadinessTiming
  readonly inspect: () => Promise<ForegroundInspection>
  readonly prompt: PromptView
  readonly onSettle: (reason: TerminalWaitReason) => void
}

/**
 * Decides when one send is done and why, settling as soon as the evidence holds:
 * - stdin_read: the nonce marker plus the exact prompt arrived and the shell owns the
 *   foreground again (one inspection confirms); or the inspector proves a new stdin wait
 *   (probed whenever output pauses for QUIET_PROBE_MS, and on every poll tick);
 * - inferred_idle: idleSilenceMs without output (+handoffGraceMs once a marker was seen);
 * - timeout: timeoutMs after the send began; session_exit: the shell exited.
 */
export class SendReadiness {
  settled: TerminalWaitReason | undefined
  private halted = false
  private evidence: WaitEvidence | undefined
  private writtenAt = 0
  private lastOutputAt = 0
  private readonly cancels = new Set<() => void>()
  private cancelQuiet: (() => void) | undefined
  private probing = false
  private probeAgain = false
  private drainStartedAt: number | undefined
  private drainArmed = false

  constructor(private readonly options: SendReadinessOptions) {}

  /** The send began: the timeout clock starts. */
  begin(): void {
    const { scheduler, timing } = this.options
    this.timer(timing.timeoutMs, () => this.settle('timeout'))
    this.lastOutputAt = scheduler.now()
  }

  /**
   * The input landed. `baseline` is the pre-write inspection (undefined when the lookup
   * failed); `bytes` is what the foreground must consume to prove it read the input.
   */
  written(baseline: ForegroundInspection | undefined, bytes: number): void {
    if (this.settled || this.halted) return
    const { scheduler, timing } = this.options
    this.evidence = new WaitEvidence(baseline, bytes)
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
    if (this.drainStartedAt !== undefined) return
    if (this.markerCandidate()) this.probe()
    this.armQuietProbe()
  }

  /** Bytes written into the terminal besides the send (query answers). */
  injected(bytes: number): void {
    this.evidence?.addInjected(bytes)
  }

  /** The top-level process exited. */
  exited(): void {
    this.settle('session_exit')
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
    return prompt.markers > 0 && prompt.promptReady
  }

  private timer(ms: number, fn: () => void): () => void {
    const cancel = this.options.scheduler.after(ms, () => {
      this.cancels.delete(cancel)
      fn()
    })
    this.cancels.add(cancel)
    return cancel
  }

  /** Probe once output has paused; past exactProbeAfterMs the poll tick takes over. */
  private armQuietProbe(): void {
    const { scheduler, timing } = this.options
    if (scheduler.now() - this.writtenAt >= timing.exactProbeAfterMs) return
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
    if (this.settled || this.halted || this.evidence === undefined) return
    if (this.probing) {
      this.probeAgain = true
      return
    }
    this.probing = true
    this.options.inspect().then(
      (inspection) => this.judge(inspection),
      () => { /* a failed lookup is a miss; the next probe retries */ },
    ).finally(() => {
      this.probing = false
      if (this.probeAgain && !this.settled) {
        this.probeAgain = false
        this.probe()
      }
    })
  }

  private judge(inspection: ForegroundInspection): void {
    if (this.settled || this.halted || this.evidence === undefined) return
    const evidence = this.evidence.observe(inspection)
    // re-read the marker state now: output may have arrived while the probe ran
    if (evidence.shellOwns && this.markerCandidate()) {
      this.settle('stdin_read')
      return
    }
    if (evidence.stdinWait && this.drainStartedAt === undefined) {
      this.drainStartedAt = this.options.scheduler.now()
      this.armDrain()
    }
  }

  /** Settle stdin_read once already-written output had a moment to arrive. */
  private armDrain(): void {
    if (this.drainArmed) return
    this.drainArmed = true
    const { scheduler } = this.options
    const started = this.drainStartedAt!
    this.timer(DRAIN_QUIET_MS, () => {
      this.drainArmed = false
      const now = scheduler.now()
      if (now - this.lastOutputAt >= DRAIN_QUIET_MS || now - started >= DRAIN_MAX_MS) this.settle('stdin_read')
      else this.armDrain()
    })
  }
}
