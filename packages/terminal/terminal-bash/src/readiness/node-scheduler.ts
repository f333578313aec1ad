import { performance } from 'node:perf_hooks'
import type { Scheduler } from './scheduler'

/** The real clock and timers. */
export const nodeScheduler: Scheduler = {
  now: () => performance.now(),
  after(ms, fn) {
    const timer = setTimeout(fn, ms)
    return () => clearTimeout(timer)
  },
  // a check-phase callback runs after the event loop's poll phase read ready file descriptors
  afterIo(fn) {
    const immediate = setImmediate(fn)
    return () => clearImmediate(immediate)
  },
}
