import { ToolService } from './service'

export * from './types'
export { ToolService }
export { defineTool } from './define-tool'
export { ToolError, type ToolErrorCode } from './errors'
export { isAscii, truncateUtf8, truncateUtf8Tail, utf8ByteLength } from './truncate-utf8'
export { errorCodeOf, errorContent, errorMessageOf, MAX_ERROR_MESSAGE_BYTES } from './error-content'
export { inputJsonSchema, outputJsonSchema, TOOL_NAME_PATTERN } from './compile-tool'
export { TOOL_CALL_EVENT, TOOL_RESULT_EVENT } from './run-call'
export { defaultCallView } from './present-call'
export { MAX_LISTED_ISSUES } from './validate-arguments'
export default ToolService
