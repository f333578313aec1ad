/**
 * Aborts its signal after `ms` without progress: the bound of the wait for an answer to
 * start and of the silence between two chunks of a stream. `kick()` restarts the wait.
 */
export class Watchdog {
  private readonly controller = new AbortController()
  private timer: NodeJS.Timeout | undefined
  private fired = false

  constructor(private readonly ms: number) {
    this.kick()
  }

  get signal(): AbortSignal { return this.controller.signal }

  /** True once the wait ran out. */
  get expired(): boolean { return this.fired }

  kick(): void {
    if (this.fired) return
    clearTimeout(this.timer)
    this.timer = setTimeout(() => {
      this.fired = true
      this.controller.abort(new Error(`no data for ${this.ms} ms`))
    }, this.ms)
  }

  stop(): void {
    clearTimeout(this.timer)
    this.timer = undefined
  }
}
