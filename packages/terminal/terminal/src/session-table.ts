// @dsh-pure
import type { Agent } from 'dsh-agent'
import type { CloseAttempt } from './close-attempt'
import { type Deferred, deferred } from './deferred'
import { TerminalError } from './errors'
import type { SendSlot } from './send-reservation'
import { mintSessionId } from './session-id'
import { SpawnAbort } from './spawn-abort'
import type { TerminalBackendSession, TerminalSessionId, TerminalSessionSnapshot } from './types'

/** A published session. Ownership lives here, not in the backend plugin. */
export interface SessionRecord {
  readonly id: TerminalSessionId
  readonly owner: Agent
  readonly name?: string
  readonly type: string
  readonly backend: TerminalBackendSession
  readonly send: SendSlot
  closing: CloseAttempt | undefined
}

/** A spawn between reservation and publication (or failure). */
export interface PendingSpawn {
  readonly id: TerminalSessionId
  readonly owner: Agent
  readonly name?: string
  readonly abort: SpawnAbort
  /** Resolved (never rejected) once backend setup and any rollback finished. */
  readonly settled: Deferred<void>
}

/** Published sessions and in-flight spawns, with owner fencing and per-owner names. */
export class SessionTable {
  readonly sessions = new Map<TerminalSessionId, SessionRecord>()
  private readonly pending = new Set<PendingSpawn>()
  private counter = 0

  /** Throws DUPLICATE_NAME when the owner has a live session or a spawn with this name. */
  assertNameFree(owner: Agent, name: string | undefined): void {
    if (name === undefined) return
    const taken = [...this.sessions.values(), ...this.pending].some((s) => s.owner === owner && s.name === name)
    if (!taken) return
    throw new TerminalError('DUPLICATE_NAME', `you already have a terminal session (or one being opened) named "${name}"; pick another name or close that session first`)
  }

  /**
   * Throws SESSION_LIMIT when the owner already holds `perAgent` sessions or the table
   * `total` (published ones, exited ones not yet closed, and spawns in flight all count).
   */
  assertRoom(owner: Agent, limits: { readonly perAgent: number; readonly total: number }): void {
    const held = [...this.sessions.values(), ...this.pending]
    const own = held.filter((s) => s.owner === owner).length
    if (own >= limits.perAgent) {
      throw new TerminalError('SESSION_LIMIT', `you already have ${own} terminal sessions, the most one agent may hold (dsh-terminal maxSessionsPerAgent: ${limits.perAgent}), so none was opened; close one you no longer need with terminal_close (terminal_list shows them), then open again`)
    }
    if (held.length >= limits.total) {
      throw new TerminalError('SESSION_LIMIT', `this host already holds ${held.length} terminal sessions across all agents, its limit (dsh-terminal maxSessions: ${limits.total}), so none was opened; close one of yours with terminal_close, or try again after other agents closed theirs`)
    }
  }

  /** Mint the next id and hold the spawn (with its name) until `settle`. */
  reserve(owner: Agent, name: string | undefined, signal: AbortSignal | undefined): PendingSpawn {
    const spawn: PendingSpawn = { id: mintSessionId(++this.counter), owner, name, abort: new SpawnAbort(signal), settled: deferred() }
    this.pending.add(spawn)
    return spawn
  }

  settle(spawn: PendingSpawn): void {
    spawn.abort.release()
    this.pending.delete(spawn)
    spawn.settled.resolve()
  }

  /** The owner's session `id`; throws NO_SESSION or FOREIGN_SESSION. */
  lookup(owner: Agent, id: TerminalSessionId): SessionRecord {
    const record = this.sessions.get(id)
    if (!record) throw new TerminalError('NO_SESSION', `there is no terminal session "${id}" (it was closed or never existed); use terminal_list to see your sessions or terminal_open to start one`)
    if (record.owner !== owner) throw new TerminalError('FOREIGN_SESSION', `terminal session "${id}" belongs to another agent; use terminal_list to see your own sessions`)
    return record
  }

  owned(owner: Agent): SessionRecord[] {
    return [...this.sessions.values()].filter((record) => record.owner === owner)
  }

  pendingOf(owner: Agent): PendingSpawn[] {
    return [...this.pending].filter((spawn) => spawn.owner === owner)
  }

  allPending(): PendingSpawn[] {
    return [...this.pending]
  }

  /** True while the owner has a session or a spawn in flight. */
  hasActivity(owner: Agent): boolean {
    return this.owned(owner).length > 0 || this.pendingOf(owner).length > 0
  }

  /** Forget every session (ids keep counting: they are never reused). Spawns settle themselves. */
  clear(): void {
    this.sessions.clear()
  }
}

export function snapshot(record: SessionRecord): TerminalSessionSnapshot {
  return { sessionId: record.id, name: record.name, type: record.type, pid: record.backend.pid, status: record.backend.status() }
}
