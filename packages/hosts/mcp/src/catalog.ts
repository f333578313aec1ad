// @dsh-pure
/**
 * The MCP view of the tool catalog: every listing becomes an MCP tool (name, title,
 * description, input JSON Schema, output schema, annotations), and a tool's result becomes
 * `structuredContent`. MCP wants both the output schema and the structured content to be
 * objects at the root; a tool whose result is not an object (terminal_list's array, say) is
 * shown wrapped as `{ "result": <value> }`, in the schema and in every result alike.
 */
import type { ToolListing } from 'dsh-tools'

/** The property a non-object result is wrapped under. */
export const WRAPPED_RESULT_KEY = 'result'

export interface McpTool {
  readonly name: string
  readonly title?: string
  readonly description: string
  readonly inputSchema: { readonly type: 'object' } & Record<string, unknown>
  readonly outputSchema?: { readonly type: 'object' } & Record<string, unknown>
  readonly annotations?: Record<string, unknown>
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** True when every value the schema admits is an object (a union counts when all its branches do). */
function describesObject(schema: Record<string, unknown>): boolean {
  if (schema.type === 'object') return true
  const branches = schema.oneOf ?? schema.anyOf
  return Array.isArray(branches) && branches.length > 0 && branches.every((b) => isRecord(b) && describesObject(b))
}

/** The output schema as MCP lists it: `type: object` at the root, wrapping anything else. */
export function mcpOutputSchema(schema: Record<string, unknown>): { readonly type: 'object' } & Record<string, unknown> {
  if (describesObject(schema)) return { ...schema, type: 'object' }
  return { type: 'object', properties: { [WRAPPED_RESULT_KEY]: schema }, required: [WRAPPED_RESULT_KEY], additionalProperties: false }
}

/** A tool's result as `structuredContent`: an object as is, anything else wrapped. */
export function structuredContent(value: unknown): Record<string, unknown> {
  return isRecord(value) ? value : { [WRAPPED_RESULT_KEY]: value ?? null }
}

/** One catalog entry as an MCP tool. */
export function mcpTool(listing: ToolListing): McpTool {
  const title = listing.annotations?.title
  return {
    name: listing.name,
    ...(title !== undefined ? { title } : {}),
    description: listing.description,
    inputSchema: { ...listing.inputSchema, type: 'object' },
    ...(listing.outputSchema ? { outputSchema: mcpOutputSchema(listing.outputSchema) } : {}),
    ...(listing.annotations ? { annotations: { ...listing.annotations } } : {}),
  }
}
