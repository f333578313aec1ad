// @dsh-pure
import type { TerminalSendOperation } from './types'

/** A session's single send slot. */
export interface SendSlot {
  active: boolean
  /** The send holding the slot was cancelled and is winding down (its program is being interrupted). */
  cancelled?: boolean
}

/**
 * Reserve the slot synchronously, start the backend send, and return an operation whose
 * `done` frees the slot when the backend's `done` settles, either way. Cancelling does not
 * free it: a canceled send keeps the session until its foreground signalling settled, so a
 * successor can never become that signal's target. The slot remembers that its send was
 * cancelled (by cancel() or by the caller's `signal`). The caller checks the slot is free.
 */
export function reserveSend(slot: SendSlot, start: () => TerminalSendOperation, signal?: AbortSignal): TerminalSendOperation {
  slot.active = true
  slot.cancelled = false
  let operation: TerminalSendOperation
  try {
    operation = start()
  } catch (error) {
    slot.active = false
    throw error
  }
  let held = true
  // a caller's abort cancels the send as cancel() does (the backend watches the signal)
  const aborted = () => { if (held) slot.cancelled = true }
  if (signal?.aborted) aborted()
  else signal?.addEventListener('abort', aborted, { once: true })
  const release = () => {
    held = false
    slot.active = false
    slot.cancelled = false
    signal?.removeEventListener('abort', aborted)
  }
  const done = operation.done.then(
    (result) => { release(); return result },
    (error: unknown) => { release(); throw error },
  )
  const outputBytes = operation.outputBytes?.bind(operation)
  return {
    done,
    readOutput: () => operation.readOutput(),
    cancel: (reason?: unknown) => {
      // a late cancel of a settled send must not mark its successor
      if (held) slot.cancelled = true
      operation.cancel(reason)
    },
    ...(outputBytes ? { outputBytes } : {}),
  }
}
