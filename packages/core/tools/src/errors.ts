// @dsh-pure
/** Every failure of the tool seam carries exactly one of these codes. */
export type ToolErrorCode =
  | 'INVALID_TOOL'
  | 'DUPLICATE_TOOL'
  | 'UNKNOWN_TOOL'
  | 'INVALID_ARGUMENTS'
  | 'CANCELLED'
  | 'TOOL_FAILED'
  | 'FINALIZE_FAILED'

const DEFAULT_MESSAGES: Record<ToolErrorCode, string> = {
  INVALID_TOOL: 'the tool definition is invalid; fix the named field of defineTool({...})',
  DUPLICATE_TOOL: 'a tool with this name is already registered; pick another name or unload the other plugin',
  UNKNOWN_TOOL: 'no tool with this name is registered; call a tool from the catalog',
  INVALID_ARGUMENTS: 'the arguments do not match the tool schema; fix the named fields and call again',
  CANCELLED: 'the tool call was cancelled before it finished',
  TOOL_FAILED: 'the tool failed',
  FINALIZE_FAILED: "the tool's finalizeContent failed; its result could not be bounded",
}

export class ToolError extends Error {
  override name = 'ToolError'
  constructor(readonly code: ToolErrorCode, message = DEFAULT_MESSAGES[code], options?: { cause?: unknown }) {
    super(message, options)
  }
}
