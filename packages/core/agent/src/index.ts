import { AgentRegistry } from './registry'

export { Agent, type AgentTeardown } from './agent'
export { AgentError, AgentDisposeError, type AgentErrorCode } from './errors'
export { AgentSessionLog, SESSION_LOG_MAX_EVENTS, type SessionEvent, type BeforeAppend } from './session-log'
export { Config, type ConfigInput, type SessionLogLimits, DEFAULT_MAX_AGENTS, DEFAULT_SESSION_LOG_BYTES, DEFAULT_SESSION_EVENT_BYTES, DEFAULT_SESSION_LOG_LIMITS, MIN_SESSION_EVENT_BYTES } from './config'
export { storedData, SUMMARY_FIELD_BYTES, type OmittedValue, type StoredData } from './event-summary'
export { jsonBytes, utf8Length } from './json-size'
export { AgentRegistry }
export default AgentRegistry
