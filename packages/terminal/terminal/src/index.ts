import { TerminalSessionService } from './service'

export * from './types'
export { TerminalError, TerminalBackendCleanupError, TERMINAL_ERROR_MESSAGES, type TerminalErrorCode } from './errors'
export { terminalSessionId, SESSION_ID_PREFIX } from './session-id'
export { MAX_RETAINED_CLEANUP_FAILURES } from './cleanup-failures'
export { Config, type ConfigInput, DEFAULT_MAX_SESSIONS, DEFAULT_MAX_SESSIONS_PER_AGENT } from './config'
export { TerminalSessionService }
export default TerminalSessionService
