// @dsh-pure
/** Every failure of the agent loop itself (model failures stay ModelErrors). */
export type AgentLoopErrorCode = 'BUSY' | 'AGENT_ENDED'

const DEFAULT_MESSAGES: Record<AgentLoopErrorCode, string> = {
  BUSY: 'a prompt is already running in this conversation; wait for it to end or cancel it first',
  AGENT_ENDED: 'the agent of this conversation has ended; start a new session',
}

export class AgentLoopError extends Error {
  override name = 'AgentLoopError'
  constructor(readonly code: AgentLoopErrorCode, message = DEFAULT_MESSAGES[code], options?: { cause?: unknown }) {
    super(message, options)
  }
}
