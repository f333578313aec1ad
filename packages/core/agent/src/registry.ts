import { type Context, Service } from '@deepseek-ai/cordis'
import { Agent } from './agent'
import { Config } from './config'
import { AgentError } from './errors'
import type { SessionEvent } from './session-log'

declare module '@deepseek-ai/cordis' {
  interface Context { agents: AgentRegistry }
  interface Events {
    /** Fired before a session event commits; a listener that throws vetoes it. */
    'agent/session-append'(agent: Agent, event: SessionEvent): void
    'agent/created'(agent: Agent): void
    'agent/disposed'(agent: Agent): void
  }
}

/** ctx.agents: creates agents (at most `maxAgents` live), tells whether one is live, and ends them. */
export class AgentRegistry extends Service {
  static Config = Config
  private readonly live = new Map<string, Agent>()
  private counter = 0

  constructor(ctx: Context, private readonly config: Config = Config.parse({})) {
    super(ctx, 'agents')
    ctx.effect(() => () => this.disposeAll(), 'agents: end every agent')
  }

  /** Create a live agent. Names are unique among live agents; at most `maxAgents` are live. */
  create(name: string): Agent {
    if (this.byName(name)) throw new AgentError('DUPLICATE_AGENT', `an agent named "${name}" is already live; pick another name or dispose it first`)
    const { maxAgents, sessionLogBytes, sessionEventBytes } = this.config
    if (this.live.size >= maxAgents) {
      throw new AgentError('AGENT_LIMIT', `this host already has ${this.live.size} live agents, its limit (dsh-agent maxAgents: ${maxAgents}), so agent "${name}" was not created; dispose an agent you no longer need first, or raise maxAgents`)
    }
    const root = this.ctx
    const agent: Agent = new Agent(`agent-${++this.counter}`, name, (event) => {
      root.bail('agent/session-append', agent, event)
    }, { logBytes: sessionLogBytes, eventBytes: sessionEventBytes })
    this.live.set(agent.id, agent)
    root.emit('agent/created', agent)
    return agent
  }

  get(id: string): Agent | undefined { return this.live.get(id) }

  byName(name: string): Agent | undefined {
    for (const agent of this.live.values()) if (agent.name === name) return agent
    return undefined
  }

  list(): Agent[] { return [...this.live.values()] }

  /** True only for this exact agent object while it is registered and not ending. */
  isLive(agent: Agent): boolean { return this.live.get(agent.id) === agent && !agent.disposed }

  /**
   * End an agent: it stops being live at once, then every teardown hook is awaited.
   * Rejects with AgentDisposeError listing each teardown failure.
   */
  async dispose(agent: Agent): Promise<void> {
    if (this.live.get(agent.id) === agent) this.live.delete(agent.id)
    try {
      await agent.end()
    } finally {
      this.ctx.emit('agent/disposed', agent)
    }
  }

  private async disposeAll(): Promise<void> {
    const agents = [...this.live.values()]
    const results = await Promise.allSettled(agents.map((a) => this.dispose(a)))
    const errors = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []))
    if (errors.length > 0) throw new AggregateError(errors, `agents: ${errors.length} agent(s) failed to end cleanly`)
  }
}
