// @dsh-pure
import type * as z from 'zod'
import type { ToolDefinition } from './types'

/** Identity helper that infers `args` from `parameters` and `value` from `execute`. */
export function defineTool<P extends z.ZodObject, R>(definition: ToolDefinition<P, R>): ToolDefinition<P, R> {
  return definition
}
