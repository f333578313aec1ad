import type { SessionLogLimits } from './config'
import { AgentError, describe } from './errors'
import { storedData } from './event-summary'

/** One committed entry of an agent's append-only session event log. */
export interface SessionEvent<T = unknown> {
  readonly seq: number
  readonly type: string
  /** The data as appended, or (when `summarized`) a bounded summary of it. */
  readonly data: T
  readonly at: number
  /** About how many bytes the appended data took as JSON. */
  readonly bytes: number
  /** True when `data` is a summary: fields over the budget are `{ omittedBytes }`. */
  readonly summarized: boolean
}

/**
 * Called before an event commits; throwing vetoes the append (nothing is recorded and
 * `append` rejects with EVENT_VETOED carrying the listener's message).
 */
export type BeforeAppend = (event: SessionEvent) => void

/** Maximum retained events per agent, whatever their size (bounded bookkeeping). */
export const SESSION_LOG_MAX_EVENTS = 10_000

/** Accounted bytes of an event beyond its data: seq, time, flags, the entry itself. */
const EVENT_OVERHEAD_BYTES = 64

interface Entry {
  readonly event: SessionEvent
  readonly cost: number
  /** Dropped from `entries` (its cost then counts as pinned while it is the newest of its type). */
  dropped: boolean
}

/**
 * An agent's append-only event log (tool/call, tool/result, sandbox/mode, ...), bounded by
 * bytes: each event keeps its data up to `eventBytes` (larger data is summarized), and the
 * oldest events are dropped while the log holds more than `logBytes`. The newest event of
 * each type is never forgotten (`last(type)` still answers), so a dropped `sandbox/mode`
 * cannot silently change the agent's mode.
 */
export class AgentSessionLog {
  private readonly entries: Entry[] = []
  private readonly latest = new Map<string, Entry>()
  private retained = 0
  /** Bytes of newest-of-type events no longer among `entries`. */
  private pinned = 0
  private nextSeq = 1

  constructor(private readonly beforeAppend: BeforeAppend, readonly limits: SessionLogLimits) {}

  /** About how many bytes the log holds (its own accounting). */
  get bytes(): number {
    return this.retained + this.pinned
  }

  /** Append one event; listeners see it (as stored) first and may veto by throwing. */
  append(type: string, data: unknown, now: number = Date.now()): SessionEvent {
    const stored = storedData(data, this.limits.eventBytes)
    const event: SessionEvent = Object.freeze({ seq: this.nextSeq, type, data: stored.data, at: now, bytes: stored.bytes, summarized: stored.summarized })
    try {
      this.beforeAppend(event)
    } catch (error) {
      throw new AgentError('EVENT_VETOED', describe(error), { cause: error })
    }
    this.nextSeq++
    const entry: Entry = { event, cost: stored.storedBytes + type.length + EVENT_OVERHEAD_BYTES, dropped: false }
    const previous = this.latest.get(type)
    if (previous?.dropped) this.pinned -= previous.cost
    this.latest.set(type, entry)
    this.entries.push(entry)
    this.retained += entry.cost
    this.evict()
    return event
  }

  /** Committed events still retained, oldest first. */
  events(type?: string): readonly SessionEvent[] {
    const all = this.entries.map((e) => e.event)
    return type === undefined ? all : all.filter((e) => e.type === type)
  }

  /** The newest committed event of a type (kept even after older events were dropped). */
  last<T = unknown>(type: string): SessionEvent<T> | undefined {
    return this.latest.get(type)?.event as SessionEvent<T> | undefined
  }

  private evict(): void {
    while (this.entries.length > 1 && (this.bytes > this.limits.logBytes || this.entries.length > SESSION_LOG_MAX_EVENTS)) {
      const dropped = this.entries.shift()!
      dropped.dropped = true
      this.retained -= dropped.cost
      if (this.latest.get(dropped.event.type) === dropped) this.pinned += dropped.cost
    }
  }
}
