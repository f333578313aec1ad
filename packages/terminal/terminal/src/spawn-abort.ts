// @dsh-pure
import type { TerminalError } from './errors'

/**
 * The abort signal a backend spawn sees: a service-owned controller that the caller's
 * signal and the owner's or service's disposal both abort. The first abort wins and is
 * remembered, because caller cancellation and lifecycle disposal settle differently.
 */
export class SpawnAbort {
  private readonly controller = new AbortController()
  private fromCaller = false
  private lifecycle: TerminalError | undefined
  private readonly unlink: () => void

  /** `caller` must not be aborted yet (the service checks before reserving). */
  constructor(caller?: AbortSignal) {
    if (!caller) {
      this.unlink = () => {}
      return
    }
    const onAbort = () => {
      if (this.controller.signal.aborted) return
      this.fromCaller = true
      this.controller.abort(caller.reason)
    }
    caller.addEventListener('abort', onAbort, { once: true })
    this.unlink = () => caller.removeEventListener('abort', onAbort)
  }

  get signal(): AbortSignal {
    return this.controller.signal
  }

  /** True when the caller's signal aborted first (its exact reason is `signal.reason`). */
  get byCaller(): boolean {
    return this.fromCaller
  }

  /** The owner or service disposal reason, when that aborted first. */
  get lifecycleReason(): TerminalError | undefined {
    return this.lifecycle
  }

  /** Abort for owner or service disposal; a no-op when already aborted. */
  abortForLifecycle(reason: TerminalError): void {
    if (this.controller.signal.aborted) return
    this.lifecycle = reason
    this.controller.abort(reason)
  }

  /** Stop listening to the caller's signal (the spawn settled). */
  release(): void {
    this.unlink()
  }
}
