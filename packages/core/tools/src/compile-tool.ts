// @dsh-pure
import * as z from 'zod'
import { ToolError } from './errors'
import type { ToolDefinition, ToolListing } from './types'

/** Tool names most model APIs accept. */
export const TOOL_NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/

/** A registered tool: the definition plus its strict schema and JSON Schema, computed once. */
export interface CompiledTool {
  readonly definition: ToolDefinition
  readonly schema: z.ZodObject
  readonly listing: ToolListing
}

/** JSON Schema of the model-facing input (fields with defaults are optional). */
export function inputJsonSchema(schema: z.ZodObject): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>
  return rest
}

/** JSON Schema of a result schema, as the tool's output (`$schema` left out). */
export function outputJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'output' }) as Record<string, unknown>
  return rest
}

/** Check a definition and derive its strict schema and catalog entry; throws INVALID_TOOL. */
export function compileTool(definition: ToolDefinition): CompiledTool {
  const { name, description, parameters } = definition
  if (typeof name !== 'string' || !TOOL_NAME_PATTERN.test(name)) {
    throw new ToolError('INVALID_TOOL', `tool name ${JSON.stringify(name)} is invalid; use 1-64 letters, digits, "_" or "-"`)
  }
  if (typeof description !== 'string' || description.trim() === '') {
    throw new ToolError('INVALID_TOOL', `tool ${name}: description must be a non-empty string`)
  }
  if (!(parameters instanceof z.ZodObject)) {
    throw new ToolError('INVALID_TOOL', `tool ${name}: parameters must be a zod object (z.strictObject({...}))`)
  }
  for (const key of ['execute', 'render'] as const) {
    if (typeof definition[key] !== 'function') throw new ToolError('INVALID_TOOL', `tool ${name}: ${key} must be a function`)
  }
  const schema = parameters.strict()
  let inputSchema: Record<string, unknown>
  try {
    inputSchema = inputJsonSchema(schema)
  } catch (cause) {
    throw new ToolError('INVALID_TOOL', `tool ${name}: parameters cannot be expressed as JSON Schema (${String(cause)}); use plain zod types`, { cause })
  }
  let outputSchema: Record<string, unknown> | undefined
  if (definition.resultSchema !== undefined) {
    if (!(definition.resultSchema instanceof z.ZodType)) throw new ToolError('INVALID_TOOL', `tool ${name}: resultSchema must be a zod schema`)
    try {
      outputSchema = outputJsonSchema(definition.resultSchema)
    } catch (cause) {
      throw new ToolError('INVALID_TOOL', `tool ${name}: resultSchema cannot be expressed as JSON Schema (${String(cause)}); use plain zod types`, { cause })
    }
  }
  const listing: ToolListing = {
    name,
    description,
    inputSchema,
    ...(outputSchema ? { outputSchema } : {}),
    ...(definition.annotations ? { annotations: { ...definition.annotations } } : {}),
  }
  return { definition, schema, listing }
}
