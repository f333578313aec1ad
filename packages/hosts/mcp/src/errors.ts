// @dsh-pure
/** What stops the MCP server from starting (a request's failures are protocol answers). */
export type McpFrontErrorCode = 'TOKEN_FILE_UNREADABLE' | 'TOKEN_EMPTY' | 'LISTEN_FAILED'

export class McpFrontError extends Error {
  override name = 'McpFrontError'
  constructor(readonly code: McpFrontErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options)
  }
}
