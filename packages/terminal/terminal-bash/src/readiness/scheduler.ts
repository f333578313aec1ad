// @dsh-pure
/** Injected time: readiness logic never reads an ambient clock or timer. */
export interface Scheduler {
  /** Milliseconds on a monotonic clock. */
  now(): number
  /** Run `fn` once after `ms`; returns a function that cancels it. */
  after(ms: number, fn: () => void): () => void
  /** Run `fn` once I/O that is already pending has been delivered; returns a cancel function. */
  afterIo(fn: () => void): () => void
}

/** The validated timing fields readiness runs on (see the config). */
export interface ReadinessTiming {
  readonly pollIntervalMs: number
  readonly exactProbeAfterMs: number
  readonly idleSilenceMs: number
  readonly handoffGraceMs: number
  readonly timeoutMs: number
}
