import type { LogSink } from './launcher'

/**
 * After a clean shutdown a front's process should exit by itself once the event loop
 * drains; if a plugin leaked a handle, it exits anyway after this long (the composition is
 * already disposed by then).
 */
export const EXIT_GRACE_MS = 2_000

/** Conventional exit codes of a forced stop: 128 + the signal number. */
export const SIGNAL_EXIT: Record<'SIGINT' | 'SIGTERM', number> = { SIGINT: 130, SIGTERM: 143 }

/**
 * The first SIGINT or SIGTERM calls `stop` (a clean shutdown); a second one exits at once
 * without waiting for disposal. Returns how many signals arrived so far, for a front that
 * was still starting when the first came.
 */
export function onStopSignals(front: string, log: LogSink, stop: () => void): () => number {
  let signals = 0
  const onSignal = (signal: 'SIGINT' | 'SIGTERM') => {
    if (++signals > 1) {
      log(`[warn] ${front}: second ${signal}: forcing exit without waiting for disposal`)
      process.exit(SIGNAL_EXIT[signal])
    }
    log(`[info] ${front}: ${signal}: shutting down (send it again to force exit)`)
    stop()
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
  return () => signals
}

/** End a front's process with `code`: stop reading stdin, exit at the latest EXIT_GRACE_MS later. */
export function exitWhenDrained(front: string, log: LogSink, code: number): void {
  process.exitCode = code
  process.stdin.destroy()
  setTimeout(() => {
    log(`[warn] ${front}: something kept the process alive ${EXIT_GRACE_MS} ms after shutdown; exiting`)
    process.exit(code)
  }, EXIT_GRACE_MS).unref()
}

/** `CODE: message` of a thrown error (the code when it has one). */
export function describeError(error: unknown): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? `${String((error as { code: unknown }).code)}: ` : ''
  return `${code}${error instanceof Error ? error.message : String(error)}`
}
