// @dsh-pure
import { MODEL_ERROR_CODES, type ModelErrorCode } from 'dsh-model'
import * as z from 'zod'

/** Most turns one script may hold (a script is a hand-written file; this bounds memory). */
export const MAX_TURNS = 1000
/** Most tool calls one scripted message may carry. */
export const MAX_CALLS_PER_TURN = 64

/**
 * A condition on the last tool result of the conversation (its model-visible text): every
 * field given must hold. A turn before any tool ran sees no result, so any match fails there.
 */
const Match = z.strictObject({
  contains: z.string().min(1).optional().describe('the result text contains this'),
  regex: z.string().min(1).refine((source) => {
    try { new RegExp(source); return true } catch { return false }
  }, 'not a valid regular expression').optional().describe('the result text matches this regular expression'),
  isError: z.boolean().optional().describe('the result was (true) or was not (false) an error'),
}).refine((m) => m.contains !== undefined || m.regex !== undefined || m.isError !== undefined, 'give at least one of contains, regex, isError')

const ToolCall = z.strictObject({
  name: z.string().min(1, 'name a tool'),
  arguments: z.record(z.string(), z.unknown()).optional().describe('the arguments object (default {})'),
  rawArguments: z.string().optional().describe('the arguments as raw text, sent as is (to script a malformed call)'),
  unknown: z.literal(true).optional().describe('the tool is deliberately not served (to script an UNKNOWN_TOOL error); skips the load-time check'),
}).refine((c) => c.arguments === undefined || c.rawArguments === undefined, 'give arguments or rawArguments, not both')

const ErrorReply = z.strictObject({
  code: z.enum(MODEL_ERROR_CODES as [ModelErrorCode, ...ModelErrorCode[]]),
  message: z.string().min(1),
  retryAfterMs: z.number().int().nonnegative().optional(),
})

/** One scripted assistant message: text and/or tool calls, or a provider error. */
const Reply = z.strictObject({
  match: Match.optional(),
  text: z.string().optional(),
  toolCalls: z.array(ToolCall).max(MAX_CALLS_PER_TURN).optional(),
  stop: z.enum(['end', 'max-tokens', 'refusal']).optional().describe('the stop reason when there are no tool calls (default end)'),
  error: ErrorReply.optional().describe('fail the turn with this ModelError instead'),
}).refine((r) => r.error !== undefined || (r.text ?? '') !== '' || (r.toolCalls?.length ?? 0) > 0, 'a turn needs text, toolCalls or error')
  .refine((r) => r.error === undefined || (r.text === undefined && r.toolCalls === undefined), 'an error turn has no text or toolCalls')

const Cases = z.strictObject({ cases: z.array(Reply).min(1, 'cases needs at least one reply') })

/** A turn: one reply, or `cases` tried in order (the first whose match holds is played). */
export type ScriptTurn = z.output<typeof Reply> | z.output<typeof Cases>

const Top = z.strictObject({
  turns: z.array(z.unknown()).min(1, 'a script needs at least one turn').max(MAX_TURNS, `a script holds at most ${MAX_TURNS} turns`),
})

export interface ScriptFile { readonly turns: readonly ScriptTurn[] }

/** A failed check: the field (e.g. `turns[2].toolCalls[0].name`) and what is wrong with it. */
export interface ScriptProblem { readonly field: string; readonly message: string }

/**
 * Check a parsed script. Each turn is checked as `cases` when it has that key, else as one
 * reply, so a problem is reported at its own field rather than as "no variant matched".
 */
export function checkScript(raw: unknown): { readonly script: ScriptFile } | ScriptProblem {
  const top = Top.safeParse(raw)
  if (!top.success) return problemOf(top.error.issues[0]!, [])
  const turns: ScriptTurn[] = []
  for (const [i, turn] of top.data.turns.entries()) {
    const hasCases = typeof turn === 'object' && turn !== null && 'cases' in turn
    const checked = hasCases ? Cases.safeParse(turn) : Reply.safeParse(turn)
    if (!checked.success) return problemOf(checked.error.issues[0]!, ['turns', i])
    turns.push(checked.data)
  }
  return { script: { turns } }
}

function problemOf(issue: z.core.$ZodIssue, prefix: readonly PropertyKey[]): ScriptProblem {
  return { field: fieldOf([...prefix, ...issue.path]), message: issue.message }
}

export type ScriptMatch = z.output<typeof Match>
export type ScriptToolCall = z.output<typeof ToolCall>
export type ScriptReply = z.output<typeof Reply>

/** A zod issue path as the script's field, e.g. `turns[2].toolCalls[0].name`. */
export function fieldOf(path: readonly PropertyKey[]): string {
  let out = ''
  for (const part of path) out += typeof part === 'number' ? `[${part}]` : out === '' ? String(part) : `.${String(part)}`
  return out === '' ? '(the whole file)' : out
}
