import { AgentError, describe } from './errors'

/** One committed entry of an agent's append-only session event log. */
export interface SessionEvent<T = unknown> {
  readonly seq: number
  readonly type: string
  readonly data: T
  readonly at: number
}

/**
 * Called before an event commits; throwing vetoes the append (nothing is recorded and
 * `append` rejects with EVENT_VETOED carrying the listener's message).
 */
export type BeforeAppend = (event: SessionEvent) => void

/** Maximum retained events per agent; the oldest are dropped past it (bounded memory). */
export const SESSION_LOG_MAX_EVENTS = 10_000

/** An agent's append-only event log (tool/call, tool/result, sandbox/mode, ...). */
export class AgentSessionLog {
  private readonly entries: SessionEvent[] = []
  private nextSeq = 1

  constructor(private readonly beforeAppend: BeforeAppend) {}

  /** Append one event; listeners see it first and may veto by throwing. */
  append<T>(type: string, data: T, now: number = Date.now()): SessionEvent<T> {
    const event: SessionEvent<T> = Object.freeze({ seq: this.nextSeq, type, data, at: now })
    try {
      this.beforeAppend(event)
    } catch (error) {
      throw new AgentError('EVENT_VETOED', describe(error), { cause: error })
    }
    this.nextSeq++
    this.entries.push(event)
    if (this.entries.length > SESSION_LOG_MAX_EVENTS) this.entries.shift()
    return event
  }

  /** Committed events, oldest first. */
  events(type?: string): readonly SessionEvent[] {
    return type === undefined ? [...this.entries] : this.entries.filter((e) => e.type === type)
  }

  /** The newest committed event of a type. */
  last<T = unknown>(type: string): SessionEvent<T> | undefined {
    for (let i = this.entries.length - 1; i >= 0; i--) {
      if (this.entries[i]!.type === type) return this.entries[i] as SessionEvent<T>
    }
    return undefined
  }
}
