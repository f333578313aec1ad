// @dsh-pure
import { SANDBOX_WORKSPACE_EVENT, SandboxError } from 'dsh-sandbox'
import type { ModeLog } from './effective-mode'

/** The workspace root a `sandbox/workspace` event's data records, or BAD_WORKSPACE. */
export function workspaceOfEventData(data: unknown): string {
  const root = typeof data === 'object' && data !== null && 'workspaceRoot' in data ? (data as { workspaceRoot: unknown }).workspaceRoot : undefined
  if (typeof root !== 'string' || !root.startsWith('/')) {
    throw new SandboxError('BAD_WORKSPACE', 'a sandbox/workspace event needs data { workspaceRoot: <absolute directory> }; use ctx.sandboxPolicy.setWorkspaceRoot(agent, directory)')
  }
  return root
}

/** The agent's own workspace root (its `sandbox/workspace` event), or undefined when it has none. */
export function agentWorkspace(log: ModeLog): string | undefined {
  const event = log.last(SANDBOX_WORKSPACE_EVENT)
  return event === undefined ? undefined : workspaceOfEventData(event.data)
}

/**
 * Refuse a `sandbox/workspace` event that would move an agent's workspace once set: a
 * terminal's sandbox is bound to the workspace at spawn, so it must not move under it.
 * Setting the same directory again passes.
 */
export function checkWorkspaceEvent(log: ModeLog, agentId: string, data: unknown): void {
  const next = workspaceOfEventData(data)
  const current = agentWorkspace(log)
  if (current !== undefined && current !== next) {
    throw new SandboxError('BAD_WORKSPACE', `agent ${agentId} already works in ${current}; an agent's workspace is set once, when it starts; start a new agent (session) for ${next}`)
  }
}
