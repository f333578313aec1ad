import type { Context } from '@deepseek-ai/cordis'
import type { Agent, AgentRegistry } from 'dsh-agent'
import type { ToolExecuteRequest, ToolExecuteResult, ToolListing } from 'dsh-tools'
import { HostError } from './errors'

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

/** What is missing when a seam is not mounted, and which package provides it. */
export const MISSING: Record<keyof HostServices, string> = {
  agents: 'no agent registry is mounted (ctx.agents): add dsh-agent to the composition',
  tools: 'no tool registry is mounted (ctx.tools): add dsh-tools to the composition',
  systemPrompt: 'no system prompt is mounted (ctx.systemPrompt): add dsh-system-prompt to the composition',
  sandboxPolicy: 'no sandbox policy is mounted (ctx.sandboxPolicy): add dsh-sandbox-policy to the composition to change sandbox modes',
}

/** The seam, or NOT_AVAILABLE naming the package to add. */
export function need<K extends keyof HostServices>(services: HostServices, seam: K): NonNullable<ReturnType<HostServices[K]>> {
  const found = services[seam]()
  if (found === undefined) throw new HostError('NOT_AVAILABLE', MISSING[seam])
  return found as NonNullable<ReturnType<HostServices[K]>>
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
