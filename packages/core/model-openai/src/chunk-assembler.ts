// @dsh-pure
import { ModelError, type ModelEvent, type ModelStopReason, type ModelToolCall, type ModelUsage } from 'dsh-model'
import { utf8ByteLength } from 'dsh-tools'
import { describeJson } from './describe-json'

/** Most tool calls one assistant message may carry (a model emitting more is misbehaving). */
export const MAX_TOOL_CALLS = 64

interface PartialCall {
  id: string
  name: string
  arguments: string
  argumentBytes: number
}

type Json = Record<string, unknown>

const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)

/** OpenAI finish_reason to the seam's stop reason (unknown reasons count as a normal end). */
export function stopReasonOf(finishReason: string): ModelStopReason {
  switch (finishReason) {
    case 'tool_calls':
    case 'function_call': return 'tool-calls'
    case 'length': return 'max-tokens'
    case 'content_filter': return 'refusal'
    default: return 'end'
  }
}

/**
 * Turns the `data:` payloads of a /chat/completions stream into seam events: text and
 * reasoning deltas at once; tool calls assembled from their deltas (keyed by `index`, the
 * arguments concatenated, each bounded by `maxToolCallBytes`) and emitted whole when the
 * choice finishes; `finish` last, with the usage the stream reported.
 */
export class ChunkAssembler {
  private readonly calls: PartialCall[] = []
  private emitted = 0
  private finishReason: string | undefined
  private usage: ModelUsage | undefined
  private chunks = 0

  constructor(private readonly maxToolCallBytes: number) {}

  /** One payload (not `[DONE]`); returns the events it yields now. */
  push(data: string): ModelEvent[] {
    this.chunks++
    let chunk: unknown
    try {
      chunk = JSON.parse(data)
    } catch {
      throw this.bad(`is not JSON: ${describeJson(data)}`)
    }
    if (!isRecord(chunk)) throw this.bad(`is not a JSON object: ${describeJson(data)}`)
    if (chunk.error !== undefined) {
      const message = isRecord(chunk.error) && typeof chunk.error.message === 'string' ? chunk.error.message : describeJson(JSON.stringify(chunk.error))
      throw new ModelError('UNAVAILABLE', `the endpoint reported an error in the middle of the stream: ${message}; send the prompt again`)
    }
    this.readUsage(chunk.usage)
    if (chunk.choices === undefined) return []
    if (!Array.isArray(chunk.choices)) throw this.bad(`has "choices" that is not an array: ${describeJson(data)}`)
    const events: ModelEvent[] = []
    for (const choice of chunk.choices) {
      if (!isRecord(choice)) throw this.bad(`has a choice that is not an object: ${describeJson(data)}`)
      if (choice.index !== undefined && choice.index !== 0) continue
      this.readDelta(choice.delta, data, events)
      if (typeof choice.finish_reason === 'string' && choice.finish_reason !== '') {
        this.finishReason = choice.finish_reason
        this.flushCalls(events)
      }
    }
    return events
  }

  /**
   * The stream ended, after `[DONE]` (`done`) or at the end of the body. Returns the tool
   * calls not yet emitted and the `finish` event. Without a finish reason and without
   * `[DONE]` the answer was cut off: BAD_RESPONSE.
   */
  end(done: boolean): ModelEvent[] {
    if (this.finishReason === undefined && !done) {
      throw new ModelError('BAD_RESPONSE', 'the stream ended before the model finished (no finish_reason and no [DONE]); the connection may have been cut, send the prompt again')
    }
    const events: ModelEvent[] = []
    this.flushCalls(events)
    const mapped = this.finishReason === undefined ? 'end' : stopReasonOf(this.finishReason)
    // servers differ: some say "stop" after tool calls, so the calls decide
    const stopReason = this.calls.length > 0 && mapped === 'end' ? 'tool-calls' : mapped === 'tool-calls' && this.calls.length === 0 ? 'end' : mapped
    events.push(this.usage ? { type: 'finish', stopReason, usage: this.usage } : { type: 'finish', stopReason })
    return events
  }

  private readDelta(delta: unknown, data: string, events: ModelEvent[]): void {
    if (delta === undefined || delta === null) return
    if (!isRecord(delta)) throw this.bad(`has a delta that is not an object: ${describeJson(data)}`)
    if (typeof delta.content === 'string' && delta.content !== '') events.push({ type: 'text', delta: delta.content })
    const reasoning = typeof delta.reasoning_content === 'string' ? delta.reasoning_content : delta.reasoning
    if (typeof reasoning === 'string' && reasoning !== '') events.push({ type: 'reasoning', delta: reasoning })
    if (delta.tool_calls === undefined || delta.tool_calls === null) return
    if (!Array.isArray(delta.tool_calls)) throw this.bad(`has "tool_calls" that is not an array: ${describeJson(data)}`)
    for (const part of delta.tool_calls) this.readCallDelta(part, data)
  }

  private readCallDelta(part: unknown, data: string): void {
    if (!isRecord(part)) throw this.bad(`has a tool call delta that is not an object: ${describeJson(data)}`)
    const index = this.indexOf(part)
    if (index < this.emitted) throw this.bad(`continues tool call #${index} after the choice finished: ${describeJson(data)}`)
    if (index >= MAX_TOOL_CALLS) throw new ModelError('BAD_RESPONSE', `the model sent more than ${MAX_TOOL_CALLS} tool calls in one message`)
    while (this.calls.length <= index) this.calls.push({ id: '', name: '', arguments: '', argumentBytes: 0 })
    const call = this.calls[index]!
    if (typeof part.id === 'string' && part.id !== '' && call.id === '') call.id = part.id
    const fn = part.function
    if (fn === undefined || fn === null) return
    if (!isRecord(fn)) throw this.bad(`has a tool call whose "function" is not an object: ${describeJson(data)}`)
    // some servers repeat the whole name in every delta, others stream it in pieces
    if (typeof fn.name === 'string' && fn.name !== '' && fn.name !== call.name) call.name = call.name === '' ? fn.name : call.name + fn.name
    if (typeof fn.arguments === 'string' && fn.arguments !== '') {
      call.argumentBytes += utf8ByteLength(fn.arguments)
      if (call.argumentBytes > this.maxToolCallBytes) {
        throw new ModelError('BAD_RESPONSE', `the arguments of tool call #${index} (${call.name || 'unnamed'}) are larger than maxEventBytes (${this.maxToolCallBytes} bytes)`)
      }
      call.arguments += fn.arguments
    }
  }

  /** The call a delta continues: its `index`, else by `id` (servers that omit the index). */
  private indexOf(part: Json): number {
    if (typeof part.index === 'number' && Number.isSafeInteger(part.index) && part.index >= 0) return part.index
    if (part.index !== undefined) throw this.bad(`has a tool call index that is not a non-negative integer: ${describeJson(JSON.stringify(part))}`)
    if (typeof part.id === 'string' && part.id !== '') {
      const known = this.calls.findIndex((c) => c.id === part.id)
      return known === -1 ? this.calls.length : known
    }
    return Math.max(0, this.calls.length - 1)
  }

  private flushCalls(events: ModelEvent[]): void {
    for (; this.emitted < this.calls.length; this.emitted++) {
      const call = this.calls[this.emitted]!
      if (call.name === '') throw new ModelError('BAD_RESPONSE', `tool call #${this.emitted} has no function name`)
      const done: ModelToolCall = { id: call.id || `call-${this.emitted}`, name: call.name, arguments: call.arguments === '' ? '{}' : call.arguments }
      events.push({ type: 'tool-call', call: done })
    }
  }

  private readUsage(usage: unknown): void {
    if (!isRecord(usage)) return
    const input = usage.prompt_tokens
    const output = usage.completion_tokens
    if (typeof input === 'number' && typeof output === 'number') this.usage = { inputTokens: input, outputTokens: output }
  }

  private bad(what: string): ModelError {
    return new ModelError('BAD_RESPONSE', `chunk ${this.chunks} of the stream ${what}`)
  }
}
