// @dsh-pure
import type { Agent } from 'dsh-agent'

/**
 * One `agent.onDispose` hook per owner that has terminal activity, so ending the agent
 * tears its sessions down. The hook is removed again once the owner is idle, so agents that
 * no longer use terminals do not keep a reference to the service.
 */
export class OwnerHooks {
  private readonly hooks = new Map<Agent, () => void>()

  constructor(private readonly onEnd: (owner: Agent) => Promise<void>) {}

  /** Make sure ending `owner` runs `onEnd(owner)`. The owner must be live. */
  watch(owner: Agent): void {
    if (this.hooks.has(owner)) return
    const off = owner.onDispose(() => {
      this.hooks.delete(owner)
      return this.onEnd(owner)
    })
    this.hooks.set(owner, off)
  }

  /** Stop watching (the owner is idle, or the service is going away). */
  release(owner: Agent): void {
    const off = this.hooks.get(owner)
    if (!off) return
    this.hooks.delete(owner)
    off()
  }

  releaseAll(): void {
    for (const owner of [...this.hooks.keys()]) this.release(owner)
  }
}
