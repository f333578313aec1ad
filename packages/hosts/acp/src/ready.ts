import type { AgentLoopService } from 'dsh-agent-loop'
import type { Host } from 'dsh-host'
import type { ModelProvider } from 'dsh-model'

/** What the ACP front needs from a booted composition, or why it cannot serve. */
export type Readiness = { readonly ok: true; readonly loop: AgentLoopService; readonly model: ModelProvider } | { readonly ok: false; readonly message: string }

/**
 * Check the composition can answer prompts: a model (ctx.model) and the agent loop
 * (ctx.agentLoop) are mounted, and the model accepts the served tool catalog (a script that
 * names a tool the composition does not serve fails here, before any client connects).
 */
export function checkReady(host: Host): Readiness {
  const model = host.root.get('model') as ModelProvider | undefined
  if (!model) {
    return { ok: false, message: 'no model is mounted (ctx.model): add a provider entry to the composition, dsh-model-openai (an OpenAI-compatible endpoint) or dsh-model-script (a script file); the log above names an entry that failed to load' }
  }
  const loop = host.root.get('agentLoop') as AgentLoopService | undefined
  if (!loop) return { ok: false, message: 'no agent loop is mounted (ctx.agentLoop): add an entry `name: dsh-agent-loop` to the composition' }
  try {
    model.verify?.(host.listTools())
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) }
  }
  return { ok: true, loop, model }
}
