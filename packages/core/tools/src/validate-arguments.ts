// @dsh-pure
import type * as z from 'zod'
import { ToolError } from './errors'

/** At most this many problems are listed in one validation message (the rest are counted). */
export const MAX_LISTED_ISSUES = 8

export type ValidationOutcome<T> = { readonly ok: true; readonly args: T } | { readonly ok: false; readonly error: ToolError }

function fieldName(path: readonly PropertyKey[]): string {
  return path.map((p) => (typeof p === 'number' ? `[${p}]` : String(p))).join('.').replace(/\.\[/g, '[')
}

/** One line per zod issue, each naming the offending field. */
export function describeIssue(issue: z.core.$ZodIssue, declared: readonly string[]): string {
  if (issue.code === 'unrecognized_keys') {
    const where = issue.path.length > 0 ? ` in "${fieldName(issue.path)}"` : ''
    const names = issue.keys.map((k) => `"${k}"`).join(', ')
    const hint = issue.path.length === 0 ? `; declared arguments: ${declared.join(', ') || '(none)'}` : ''
    return `undeclared argument${issue.keys.length > 1 ? 's' : ''} ${names}${where}${hint}`
  }
  const field = issue.path.length > 0 ? `"${fieldName(issue.path)}"` : '(arguments)'
  return `${field}: ${issue.message}`
}

/**
 * Validate raw arguments against a tool's strict schema. `undefined` counts as `{}` (a call
 * without arguments); anything else that is not an object is refused.
 */
export function validateArguments<S extends z.ZodObject>(tool: string, schema: S, raw: unknown): ValidationOutcome<z.output<S>> {
  const parsed = schema.safeParse(raw === undefined ? {} : raw)
  if (parsed.success) return { ok: true, args: parsed.data }
  const declared = Object.keys(schema.shape)
  const issues = parsed.error.issues
  const lines = issues.slice(0, MAX_LISTED_ISSUES).map((issue) => describeIssue(issue, declared))
  if (issues.length > MAX_LISTED_ISSUES) lines.push(`(${issues.length - MAX_LISTED_ISSUES} more problem(s))`)
  const message = `invalid arguments for ${tool}: ${lines.join('; ')}; fix the named field(s) and call again`
  return { ok: false, error: new ToolError('INVALID_ARGUMENTS', message, { cause: parsed.error }) }
}
