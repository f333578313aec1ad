// @dsh-pure
import { TerminalBackendCleanupError, TerminalError } from './errors'
import type { SpawnAbort } from './spawn-abort'
import type { TerminalBackendSession } from './types'

/** What one unpublished backend setup needs from the service. */
export interface SpawnLifecycle<T> {
  readonly abort: SpawnAbort
  /** Start backend setup under the combined signal. */
  start(signal: AbortSignal): Promise<TerminalBackendSession>
  /** Publish a started session; called synchronously after the last abort check. */
  publish(session: TerminalBackendSession): T
  /** Keep a cleanup failure for the owner's (or the service's) disposal to report. */
  retain(cleanupError: unknown): void
}

/**
 * Run backend setup to settlement, then publish the session or roll it back.
 *
 * Precedence (the first abort wins):
 * - caller cancellation rejects with the caller's exact `AbortSignal.reason`, even when the
 *   backend rejects with something else or the rollback close fails; a cleanup failure is
 *   retained instead, so it stays owner activity until a disposal reports it;
 * - owner or service disposal rejects with its TerminalError (the backend's own rejection
 *   as `cause`), or with the rollback close failure itself, which is also retained so the
 *   disposing lifecycle, which awaits this spawn, reports it too;
 * - a backend's TerminalBackendCleanupError always hands `cleanupError` to disposal.
 */
export async function runSpawn<T>(life: SpawnLifecycle<T>): Promise<T> {
  const { signal } = life.abort
  let session: TerminalBackendSession
  try {
    session = await life.start(signal)
  } catch (error) {
    throw startupFailure(life, error)
  }
  if (!signal.aborted) return life.publish(session)
  try {
    await session.close(signal.reason)
  } catch (cleanupError) {
    life.retain(cleanupError)
    throw life.abort.byCaller ? signal.reason : cleanupError
  }
  throw signal.reason
}

function startupFailure<T>(life: SpawnLifecycle<T>, error: unknown): unknown {
  if (error instanceof TerminalBackendCleanupError) life.retain(error.cleanupError)
  if (life.abort.byCaller) return life.abort.signal.reason
  const lifecycle = life.abort.lifecycleReason
  if (!lifecycle || error === lifecycle || error instanceof TerminalBackendCleanupError) return error
  return new TerminalError(lifecycle.code, lifecycle.message, { cause: error })
}
