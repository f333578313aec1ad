import type { Scheduler } from '../../src/readiness/scheduler'

interface Timer { at: number; seq: number; fn: () => void }

/** A manual clock: timers run only when the test advances time. */
export class FakeScheduler implements Scheduler {
  private t = 0
  private seq = 0
  private timers: Timer[] = []

  now(): number {
    return this.t
  }

  after(ms: number, fn: () => void): () => void {
    const timer = { at: this.t + ms, seq: this.seq++, fn }
    this.timers.push(timer)
    return () => { this.timers = this.timers.filter((x) => x !== timer) }
  }

  afterIo(fn: () => void): () => void {
    return this.after(0, fn)
  }

  get pending(): number {
    return this.timers.length
  }

  /** Advance time by `ms`, running due timers in order and settling promises between them. */
  async advance(ms: number): Promise<void> {
    const end = this.t + ms
    for (;;) {
      await flush()
      const due = this.timers.filter((x) => x.at <= end).sort((a, b) => a.at - b.at || a.seq - b.seq)[0]
      if (!due) break
      this.timers = this.timers.filter((x) => x !== due)
      this.t = due.at
      due.fn()
    }
    this.t = end
    await flush()
  }
}

/** Let queued promise callbacks run. */
export async function flush(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve()
}
