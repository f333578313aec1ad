// @dsh-pure
/**
 * Most cleanup failures kept per owner. Each is a startup whose rollback failed (a process
 * tree that may still run); a handful is enough to report, and the rest are counted.
 */
export const MAX_RETAINED_CLEANUP_FAILURES = 32

interface Bag {
  readonly errors: unknown[]
  dropped: number
}

/**
 * Cleanup failures nobody has reported yet, per owner. They count as owner activity until
 * the owner's or the service's disposal drains and reports them.
 */
export class CleanupFailures<Owner> {
  private readonly byOwner = new Map<Owner, Bag>()

  retain(owner: Owner, error: unknown): void {
    let bag = this.byOwner.get(owner)
    if (!bag) {
      bag = { errors: [], dropped: 0 }
      this.byOwner.set(owner, bag)
    }
    if (bag.errors.length < MAX_RETAINED_CLEANUP_FAILURES) bag.errors.push(error)
    else bag.dropped++
  }

  has(owner: Owner): boolean {
    return this.byOwner.has(owner)
  }

  /** Take (and forget) every failure of one owner. */
  drain(owner: Owner): unknown[] {
    const bag = this.byOwner.get(owner)
    if (!bag) return []
    this.byOwner.delete(owner)
    if (bag.dropped === 0) return bag.errors
    return [...bag.errors, new Error(`${bag.dropped} more terminal cleanup failure(s) were not retained (limit ${MAX_RETAINED_CLEANUP_FAILURES} per agent)`)]
  }

  /** Take (and forget) every failure of every owner. */
  drainAll(): unknown[] {
    return [...this.byOwner.keys()].flatMap((owner) => this.drain(owner))
  }
}
