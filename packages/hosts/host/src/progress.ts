import type { ProgressProbe } from 'dsh-tools'

/**
 * How often a running call reports progress: often enough that a client sees a long send
 * is alive, rare enough to cost nothing (MCP asks for no more than this).
 */
export const PROGRESS_INTERVAL_MS = 500

/** One progress report of a running call. */
export interface CallProgress {
  /** Milliseconds since the call started (grows with every report). */
  readonly elapsedMs: number
  /** UTF-8 bytes of output so far, when the tool offers a probe for it (a foreground send does). */
  readonly outputBytes?: number
}

/**
 * Report progress every PROGRESS_INTERVAL_MS until stopped, reading the probe the tool
 * offered (if any). Returns the probe sink to hand the tool and a stop function.
 */
export function progressTicker(report: (progress: CallProgress) => void, now: () => number = performance.now.bind(performance)) {
  const started = now()
  let probe: ProgressProbe | undefined
  const timer = setInterval(() => {
    const elapsedMs = Math.round(now() - started)
    let outputBytes: number | undefined
    try { outputBytes = probe?.().outputBytes } catch { outputBytes = undefined }
    try { report(outputBytes === undefined ? { elapsedMs } : { elapsedMs, outputBytes }) } catch { /* a reporting front's failure never fails the call */ }
  }, PROGRESS_INTERVAL_MS)
  return {
    offer: (p: ProgressProbe) => { probe = p },
    stop: () => { clearInterval(timer) },
  }
}
