/** Every failure of the agent seam carries exactly one of these codes. */
export type AgentErrorCode = 'DUPLICATE_AGENT' | 'AGENT_LIMIT' | 'AGENT_DISPOSED' | 'EVENT_VETOED' | 'DISPOSE_FAILED'

const DEFAULT_MESSAGES: Record<AgentErrorCode, string> = {
  DUPLICATE_AGENT: 'an agent with this name is already live; pick another name or dispose the first agent',
  AGENT_LIMIT: 'the host already has as many live agents as it allows (maxAgents); dispose one first, or raise maxAgents in dsh-agent\'s config',
  AGENT_DISPOSED: 'the agent has ended; create a new agent to continue',
  EVENT_VETOED: 'a listener refused the session event; nothing was recorded',
  DISPOSE_FAILED: 'agent teardown failed; the listed failures name what is still running',
}

export class AgentError extends Error {
  override name = 'AgentError'
  constructor(readonly code: AgentErrorCode, message = DEFAULT_MESSAGES[code], options?: { cause?: unknown }) {
    super(message, options)
  }
}

/** Agent disposal ran every teardown hook; these failed. */
export class AgentDisposeError extends AggregateError {
  override name = 'AgentDisposeError'
  readonly code = 'DISPOSE_FAILED' as const
  constructor(agentId: string, errors: unknown[]) {
    super(errors, `agent ${agentId}: ${errors.length} teardown failure(s): ${errors.map(describe).join('; ')}`)
  }
}

export function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
