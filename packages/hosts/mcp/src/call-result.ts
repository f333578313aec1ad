// @dsh-pure
/**
 * A tool call's outcome as an MCP `CallToolResult`: one text block holding exactly the
 * bounded `content` a model sees in any other host, `structuredContent` with the result,
 * and `isError: true` with the coded text (`Error [CODE]: ...`) for every coded failure,
 * so the model can correct itself. Only protocol faults are JSON-RPC errors.
 */
import type { ToolExecuteResult } from 'dsh-tools'
import { structuredContent } from './catalog'

export interface McpCallResult {
  [key: string]: unknown
  readonly content: { readonly type: 'text'; readonly text: string }[]
  readonly structuredContent?: Record<string, unknown>
  readonly isError?: boolean
}

/** A finished tool call. */
export function callResult(r: ToolExecuteResult): McpCallResult {
  const content = [{ type: 'text' as const, text: r.content }]
  if (r.isError) return { content, isError: true }
  return { content, structuredContent: structuredContent(r.value) }
}

/** A call the host refused before it ran (TOO_MANY_CALLS, SHUTTING_DOWN, NOT_AVAILABLE, ...). */
export function refusedResult(code: string, message: string): McpCallResult {
  return { content: [{ type: 'text', text: `Error [${code}]: ${message}` }], isError: true }
}

/** The text of one progress notification. */
export function progressMessage(elapsedMs: number, outputBytes: number | undefined): string {
  const elapsed = `${(elapsedMs / 1000).toFixed(1)} s elapsed`
  return outputBytes === undefined ? elapsed : `${elapsed}, ${outputBytes} output bytes so far`
}
