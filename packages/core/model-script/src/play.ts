// @dsh-pure
import { ModelError, type ModelEvent, type ModelMessage } from 'dsh-model'
import type { ScriptFile, ScriptMatch, ScriptReply } from './script-schema'

/** The last tool result of the conversation, if a tool ran since the last user message. */
export function lastToolResult(messages: readonly ModelMessage[]): { readonly content: string; readonly isError: boolean } | undefined {
  const last = messages.at(-1)
  return last?.role === 'tool' ? { content: last.content, isError: last.isError } : undefined
}

export function matches(match: ScriptMatch, result: { readonly content: string; readonly isError: boolean } | undefined): boolean {
  if (result === undefined) return false
  if (match.contains !== undefined && !result.content.includes(match.contains)) return false
  if (match.regex !== undefined && !new RegExp(match.regex).test(result.content)) return false
  if (match.isError !== undefined && match.isError !== result.isError) return false
  return true
}

/** Which turn a conversation is at: the number of assistant messages so far. */
export function turnIndex(messages: readonly ModelMessage[]): number {
  return messages.filter((m) => m.role === 'assistant').length
}

/**
 * The events of the scripted reply for this conversation: turn N plays the N-th turn
 * (N = assistant messages so far), so every conversation replays the script from its start.
 * Past the last turn the model ends with a note; a turn whose match fails is BAD_RESPONSE
 * naming the turn and quoting the result it saw.
 */
export function play(script: ScriptFile, file: string, messages: readonly ModelMessage[]): ModelEvent[] {
  const index = turnIndex(messages)
  const turn = script.turns[index]
  if (turn === undefined) {
    return [{ type: 'text', delta: `(the script ${file} has no turn ${index + 1}: it ends after ${script.turns.length})` }, { type: 'finish', stopReason: 'end' }]
  }
  const result = lastToolResult(messages)
  const cases: readonly ScriptReply[] = 'cases' in turn ? turn.cases : [turn]
  const reply = cases.find((c) => c.match === undefined || matches(c.match, result))
  if (reply === undefined) {
    const seen = result === undefined ? 'no tool result (no tool ran before this turn)' : `the last tool result ${JSON.stringify(result.content.slice(0, 200))}`
    throw new ModelError('BAD_RESPONSE', `the script ${file}: turns[${index}] has no case that matches ${seen}; fix its match or add a case without one`)
  }
  if (reply.error) throw new ModelError(reply.error.code, reply.error.message, reply.error.retryAfterMs === undefined ? {} : { retryAfterMs: reply.error.retryAfterMs })
  const events: ModelEvent[] = []
  if (reply.text) events.push({ type: 'text', delta: reply.text })
  const calls = reply.toolCalls ?? []
  calls.forEach((call, i) => {
    const args = call.rawArguments ?? JSON.stringify(call.arguments ?? {})
    events.push({ type: 'tool-call', call: { id: `script-${index + 1}-${i + 1}`, name: call.name, arguments: args } })
  })
  events.push({ type: 'finish', stopReason: calls.length > 0 ? 'tool-calls' : (reply.stop ?? 'end') })
  return events
}
