import { AgentLoopService } from './service'

export { AgentLoopService }
export { Config, DEFAULT_MAX_HISTORY_BYTES, DEFAULT_MAX_TURNS } from './config'
export { Conversation, type ConversationOptions, type ConversationPorts } from './conversation'
export { AgentLoopError, type AgentLoopErrorCode } from './errors'
export { History, messageBytes } from './history'
export { CANCELLED_BEFORE_START, notRun, parseArguments, type PendingCall, runToolRound, toolMessage, type ToolRoundInput } from './tool-round'
export * from './types'
export default AgentLoopService
