// @dsh-pure
import type { TerminalBackendSession } from './types'

/** One call of a backend session's close. */
export interface CloseAttempt {
  readonly done: Promise<void>
}

/** Anything with a backend session and a slot for its in-flight close. */
export interface Closable {
  readonly backend: Pick<TerminalBackendSession, 'close'>
  closing: CloseAttempt | undefined
}

export interface CloseStart {
  /** True when a close was already in flight and this call joined it. */
  readonly joined: boolean
  readonly done: Promise<void>
}

/**
 * Start closing `target`, or join the close already in flight. On success `onClosed` runs
 * (before anyone awaiting `done` resumes). On failure the slot is cleared so a later close
 * tries again, but only if it still holds this attempt: a newer attempt is never disturbed.
 */
export function startClose(target: Closable, reason: unknown, onClosed: () => void): CloseStart {
  const current = target.closing
  if (current) return { joined: true, done: current.done }
  const attempt: { done: Promise<void> } = { done: Promise.resolve() }
  attempt.done = callClose(target.backend, reason).then(onClosed, (error: unknown) => {
    if (target.closing === attempt) target.closing = undefined
    throw error
  })
  target.closing = attempt
  return { joined: false, done: attempt.done }
}

function callClose(backend: Pick<TerminalBackendSession, 'close'>, reason: unknown): Promise<void> {
  try {
    return Promise.resolve(backend.close(reason))
  } catch (error) {
    return Promise.reject(error)
  }
}
