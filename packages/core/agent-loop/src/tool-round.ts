// @dsh-pure
import type { Agent } from 'dsh-agent'
import type { ModelMessage } from 'dsh-model'
import { errorContent } from 'dsh-tools'
import type { CallView } from 'dsh-tools'
import type { LoopEvent, LoopToolResult, LoopTools } from './types'

/** A tool call the model asked for, with its loop-issued id, parsed arguments and card. */
export interface PendingCall {
  readonly callId: string
  readonly name: string
  /** The arguments exactly as the model sent them. */
  readonly raw: string
  /** The parsed arguments object, or why the text is not one. */
  readonly parsed: { readonly ok: true; readonly args: Record<string, unknown> } | { readonly ok: false; readonly why: string }
  readonly call: CallView
}

/** Parse a model's argument text: one JSON object (an empty text counts as `{}`). */
export function parseArguments(raw: string): PendingCall['parsed'] {
  if (raw.trim() === '') return { ok: true, args: {} }
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch (error) {
    return { ok: false, why: `not valid JSON: ${error instanceof Error ? error.message : String(error)}` }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, why: `a JSON ${Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value}, not an object` }
  return { ok: true, args: value as Record<string, unknown> }
}

/** The result of a call that did not run; `code` and `message` say why and what to do. */
export function notRun(call: PendingCall, code: string, message: string): LoopToolResult {
  return { content: errorContent(code, message), isError: true, errorCode: code, call: call.call }
}

/** The tool message the model sees for a call's result. */
export function toolMessage(call: PendingCall, result: LoopToolResult): ModelMessage {
  return { role: 'tool', toolCallId: call.callId, name: call.name, content: result.content, isError: result.isError }
}

export interface ToolRoundInput {
  readonly agent: Agent
  readonly tools: LoopTools
  readonly calls: readonly PendingCall[]
  readonly signal: AbortSignal
  readonly emit: (event: LoopEvent) => Promise<void>
  readonly record: (message: ModelMessage) => void
}

export const CANCELLED_BEFORE_START = 'not run: the prompt was cancelled before this call started'

/**
 * Run one model message's tool calls in order, as `agent`, through ctx.tools. Each call
 * gets exactly one result, recorded for the model and emitted for the host; once the signal
 * aborts, the calls not yet started are answered CANCELLED without running. Resolves true
 * when the round was cancelled.
 */
export async function runToolRound(input: ToolRoundInput): Promise<boolean> {
  const { agent, tools, signal } = input
  for (const call of input.calls) {
    let result: LoopToolResult
    if (signal.aborted) result = notRun(call, 'CANCELLED', CANCELLED_BEFORE_START)
    else if (!call.parsed.ok) {
      result = notRun(call, 'INVALID_ARGUMENTS', `the arguments of ${call.name} are ${call.parsed.why}; call it again with one JSON object of its arguments`)
    } else {
      await input.emit({ type: 'tool-running', callId: call.callId })
      const r = await tools.execute({ agent, name: call.name, arguments: call.parsed.args, signal, callId: call.callId })
      result = {
        content: r.content,
        isError: r.isError,
        call: r.call,
        ...(r.value !== undefined ? { value: r.value } : {}),
        ...(r.errorCode !== undefined ? { errorCode: r.errorCode } : {}),
        ...(r.result !== undefined ? { result: r.result } : {}),
      }
    }
    input.record(toolMessage(call, result))
    await input.emit({ type: 'tool-result', callId: call.callId, name: call.name, result })
  }
  return signal.aborted
}
