import { AgentRegistry } from './registry'

export { Agent, type AgentTeardown } from './agent'
export { AgentError, AgentDisposeError, type AgentErrorCode } from './errors'
export { AgentSessionLog, SESSION_LOG_MAX_EVENTS, type SessionEvent, type BeforeAppend } from './session-log'
export { AgentRegistry }
export default AgentRegistry
