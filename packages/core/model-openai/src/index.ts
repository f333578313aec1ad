import { OpenAIModel } from './provider'

export { OpenAIModel }
export { Config, type ConfigInput, DEFAULT_MAX_EVENT_BYTES, DEFAULT_MAX_RETRIES, DEFAULT_MAX_RETRY_WAIT_MS, DEFAULT_TIMEOUT_MS } from './config'
export { SseParser, type SseEvent } from './sse-parser'
export { ChunkAssembler, MAX_TOOL_CALLS, stopReasonOf } from './chunk-assembler'
export { requestBody, wireMessages, type BodyOptions } from './request-body'
export { isRetryable, RETRY_BASE_MS, retryAfterMs, retryDelayMs } from './retry'
export { endpointMessage, httpFailure, redact } from './http-failure'
export default OpenAIModel
