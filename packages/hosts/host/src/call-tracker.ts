// @dsh-pure
import { HostError } from './errors'

/**
 * Most tool calls one host runs at once. A model issues a handful of parallel calls; each
 * call holds its arguments and an abort controller, so a client that floods the host gets
 * TOO_MANY_CALLS instead of growing memory without bound.
 */
export const MAX_CALLS_IN_FLIGHT = 256

/**
 * The host's in-flight tool calls: refuses past the cap or once closed, aborts them all at
 * shutdown, and tells when they have all answered.
 */
export class CallTracker {
  private readonly calls = new Map<AbortController, Promise<unknown>>()
  private closed = false

  constructor(private readonly max = MAX_CALLS_IN_FLIGHT) {}

  get size(): number { return this.calls.size }

  /** Run `call` as a tracked call; rejects with SHUTTING_DOWN or TOO_MANY_CALLS before it starts. */
  run<T>(call: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(new HostError('SHUTTING_DOWN'))
    if (this.calls.size >= this.max) {
      return Promise.reject(new HostError('TOO_MANY_CALLS', `${this.calls.size} tool calls are already in flight (the limit is ${this.max}); wait for some to answer or cancel them, then retry`))
    }
    const controller = new AbortController()
    const done = call(controller.signal).finally(() => { this.calls.delete(controller) })
    this.calls.set(controller, done)
    return done
  }

  /** Take no more calls and abort every in-flight one. */
  close(reason: unknown): void {
    this.closed = true
    for (const controller of this.calls.keys()) controller.abort(reason)
  }

  /** Settles once every call in flight now has answered. */
  async drained(): Promise<void> {
    await Promise.allSettled([...this.calls.values()])
  }
}
