import { type Context, Service } from '@deepseek-ai/cordis'
import type { Agent } from 'dsh-agent'
import type {} from 'dsh-model'
import type { SystemPromptService } from 'dsh-system-prompt'
import type { ToolService } from 'dsh-tools'
import { Config } from './config'
import { Conversation, type ConversationPorts } from './conversation'

declare module '@deepseek-ai/cordis' {
  interface Context { agentLoop: AgentLoopService }
}

/**
 * ctx.agentLoop: conversations between an agent and ctx.model whose tool calls run through
 * ctx.tools as that agent. Any host (ACP, a test, a CLI) starts one per agent and prompts it.
 */
export class AgentLoopService extends Service {
  static Config = Config
  static inject = ['model', 'tools']

  constructor(ctx: Context, readonly config: Config) {
    super(ctx, 'agentLoop')
  }

  /**
   * A new conversation of `agent` (its own history; one prompt at a time). A host may
   * replace a port, e.g. run tool calls through its own dispatch.
   */
  conversation(agent: Agent, ports: Partial<ConversationPorts> = {}): Conversation {
    const ctx = this.ctx
    return new Conversation(agent, {
      model: () => ctx.model,
      tools: () => ctx.tools as ToolService,
      systemPrompt: () => ctx.get('systemPrompt') as SystemPromptService | undefined,
      ...ports,
    }, this.config)
  }
}
