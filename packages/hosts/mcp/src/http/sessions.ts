import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import type { Host } from 'dsh-host'
import type { McpSession } from '../session'

/** Default cap on concurrent HTTP sessions (each is one agent with its terminals). */
export const DEFAULT_MAX_SESSIONS = 32
/** Default idle time after which a session ends and its terminals close: 30 minutes. */
export const DEFAULT_IDLE_TIMEOUT_MS = 30 * 60 * 1000
/** Longest gap between two idle sweeps: an expiry is late by at most this much. */
const MAX_SWEEP_INTERVAL_MS = 60_000

export interface HttpSession {
  readonly session: McpSession
  readonly transport: StreamableHTTPServerTransport
}

/**
 * The live HTTP sessions: at most `max` at once (counting ones still initializing), each
 * ended after `idleMs` without a request while no call of it runs.
 */
export class SessionTable {
  private readonly all = new Set<HttpSession>()
  private readonly byId = new Map<string, HttpSession>()
  private readonly sweeper: NodeJS.Timeout

  constructor(private readonly host: Host, readonly max: number, readonly idleMs: number) {
    this.sweeper = setInterval(() => { this.sweep() }, Math.min(MAX_SWEEP_INTERVAL_MS, Math.max(1, Math.floor(idleMs / 4))))
    this.sweeper.unref()
  }

  get size(): number { return this.all.size }

  get full(): boolean { return this.all.size >= this.max }

  add(entry: HttpSession): void { this.all.add(entry) }

  /** Once the transport minted the id (initialize answered). */
  identify(entry: HttpSession, id: string): void { this.byId.set(id, entry) }

  get(id: string): HttpSession | undefined { return this.byId.get(id) }

  /** Forget an entry (its transport closed). */
  remove(entry: HttpSession): void {
    this.all.delete(entry)
    const id = entry.transport.sessionId
    if (id !== undefined && this.byId.get(id) === entry) this.byId.delete(id)
  }

  /** End every session (server shutdown): every agent disposed when it settles. */
  async endAll(): Promise<void> {
    clearInterval(this.sweeper)
    await Promise.all([...this.all].map((e) => e.session.end()))
  }

  private sweep(): void {
    const now = performance.now()
    for (const entry of this.all) {
      const { session } = entry
      if (session.busy || now - session.lastActive < this.idleMs) continue
      this.host.log(`[info] mcp: session ${entry.transport.sessionId ?? '(uninitialized)'} (${session.agent.name}) idle for ${Math.round(this.idleMs / 1000)} s: ending it`)
      void session.end()
    }
  }
}
