// Shared by the fronts' process helpers (headless, acp): wait until a condition over what a
// child process produced holds, re-checked whenever it produces more.

/** Bound of every wait on a front's process; only reached when a test is failing. */
export const WAIT_MS = 20_000

export class Waiters {
  private readonly checks = new Set<() => void>()

  /** Something changed: re-check every pending wait. */
  notify(): void { for (const check of [...this.checks]) check() }

  /** Resolve once `pick` finds something; reject after WAIT_MS with `seen()` in the message. */
  until<T>(what: string, pick: () => T | undefined, seen: () => string): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = pick()
        if (found === undefined) return
        this.checks.delete(check)
        clearTimeout(timer)
        resolve(found)
      }
      const timer = setTimeout(() => {
        this.checks.delete(check)
        reject(new Error(`timed out waiting for ${what}; ${seen()}`))
      }, WAIT_MS)
      this.checks.add(check)
      check()
    })
  }
}
