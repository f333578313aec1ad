/** An output barrier (flushOutput) that resolves true, or stays pending while held. */
export class FakeBarrier {
  calls = 0
  /** While true, new barriers stay pending until release(). */
  hold = false
  private pending: (() => void)[] = []

  flush = (): Promise<boolean> => {
    this.calls++
    if (!this.hold) return Promise.resolve(true)
    return new Promise((resolve) => this.pending.push(() => resolve(true)))
  }

  get waiting(): number {
    return this.pending.length
  }

  /** Resolve every pending barrier (all output written before it has been delivered). */
  release(): void {
    for (const resolve of this.pending.splice(0)) resolve()
  }
}
