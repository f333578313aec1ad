import type { Context } from '@deepseek-ai/cordis'
import type { Agent, AgentRegistry } from 'dsh-agent'
import type { ToolExecuteRequest, ToolExecuteResult, ToolListing } from 'dsh-tools'

/**
 * What the host calls on each seam, looked up on the root context at call time (so a
 * composition may mount any subset; a missing seam answers NOT_AVAILABLE).
 */
export interface ToolsPort {
  list(agent: Agent | undefined): readonly ToolListing[]
  execute(request: ToolExecuteRequest): Promise<ToolExecuteResult>
}

export interface SystemPromptPort {
  render(): string
}

export interface SandboxPolicyPort {
  setSandboxMode(agent: Agent, mode: string): unknown
}

export interface HostServices {
  agents(): AgentRegistry | undefined
  tools(): ToolsPort | undefined
  systemPrompt(): SystemPromptPort | undefined
  sandboxPolicy(): SandboxPolicyPort | undefined
}

/** Lenient lookups on the root context (the root needs no `inject`). */
export function rootServices(root: Context): HostServices {
  return {
    agents: () => root.get('agents') as AgentRegistry | undefined,
    tools: () => root.get('tools') as ToolsPort | undefined,
    systemPrompt: () => root.get('systemPrompt') as SystemPromptPort | undefined,
    sandboxPolicy: () => root.get('sandboxPolicy') as SandboxPolicyPort | undefined,
  }
}
