// @dsh-pure
import { type Agent, jsonBytes } from 'dsh-agent'
import type { CompiledTool } from './compile-tool'
import { errorCodeOf, errorContent, errorMessageOf } from './error-content'
import { ToolError } from './errors'
import { callViewOf, defaultCallView } from './present-call'
import { truncateUtf8 } from './truncate-utf8'
import type { CallView, ProgressProbe, ResultView, ToolExecuteResult, ToolOutcome } from './types'
import { validateArguments } from './validate-arguments'

/** Session event types recorded for every call on the initiating agent's log. */
export const TOOL_CALL_EVENT = 'tool/call'
export const TOOL_RESULT_EVENT = 'tool/result'

export interface RunCallInput {
  readonly tool: CompiledTool
  readonly agent: Agent | undefined
  readonly arguments: unknown
  readonly signal: AbortSignal
  readonly callId: string
  readonly reportProgress?: (probe: ProgressProbe) => void
}

const NO_PROGRESS = (_probe: ProgressProbe): void => {}

type Raw = { readonly isError: false; readonly content: string; readonly value: unknown } | { readonly isError: true; readonly content: string; readonly error: unknown; readonly errorCode: string }

function failure(error: unknown, signal: AbortSignal): Raw {
  if (signal.aborted && !(error instanceof ToolError && error.code === 'INVALID_ARGUMENTS')) {
    const reason = signal.reason === undefined ? '' : ` (${errorMessageOf(signal.reason)})`
    const message = `tool call was cancelled${reason}`
    return { isError: true, content: errorContent('CANCELLED', message), error, errorCode: 'CANCELLED' }
  }
  const code = errorCodeOf(error)
  return { isError: true, content: errorContent(code, errorMessageOf(error)), error, errorCode: code ?? 'TOOL_FAILED' }
}

type Checked = ReturnType<typeof validateArguments>

/**
 * The arguments a `tool/call` event records: as given when they are valid; for a rejected
 * call only their size (`{ omittedBytes }`), so malformed or oversized input never sits in
 * the session log.
 */
export function recordedArguments(args: unknown, valid: boolean): unknown {
  return valid ? args : { omittedBytes: jsonBytes(args) }
}

/** Run and render validated input; never throws (every failure becomes model-visible error content). */
async function produce(input: RunCallInput, checked: Checked, setCall: (view: CallView) => void): Promise<Raw> {
  const { tool, signal } = input
  const def = tool.definition
  if (!checked.ok) return failure(checked.error, signal)
  setCall(callViewOf(tool, checked.args))
  if (signal.aborted) return failure(new ToolError('CANCELLED', 'the tool call was cancelled before it started; the tool did not run'), signal)
  try {
    const value = await def.execute(checked.args, { agent: input.agent, signal, callId: input.callId, reportProgress: input.reportProgress ?? NO_PROGRESS })
    return { isError: false, content: def.render(value), value }
  } catch (error) {
    return failure(error, signal)
  }
}

/**
 * Run one call of a registered tool: strict validation, execute, render, then finalizeContent
 * exactly once on whatever the outcome was. `record` appends the call/result events.
 */
export interface CallRecorder {
  /** Append a session event; a throw (veto) on the call event stops the call. */
  record(type: string, data: unknown): void
  /** Report a failure that must not change the result (a vetoed result event). */
  warn(message: string, error: unknown): void
}

export async function runCall(input: RunCallInput, recorder: CallRecorder): Promise<ToolExecuteResult> {
  const { tool, callId } = input
  const def = tool.definition
  let call = defaultCallView(def.name)
  let raw: Raw
  try {
    const checked = validateArguments(def.name, tool.schema, input.arguments)
    recorder.record(TOOL_CALL_EVENT, { callId, name: def.name, arguments: recordedArguments(input.arguments, checked.ok) })
    raw = await produce(input, checked, (view) => { call = view })
  } catch (error) {
    raw = failure(error, input.signal)
  }
  const outcome: ToolOutcome = raw.isError
    ? { isError: true, error: raw.error, errorCode: raw.errorCode }
    : { isError: false, value: raw.value }
  let content = raw.content
  let isError = raw.isError
  let errorCode = raw.isError ? raw.errorCode : undefined
  if (def.finalizeContent) {
    try {
      content = def.finalizeContent(content, outcome)
    } catch (error) {
      isError = true
      errorCode = 'FINALIZE_FAILED'
      content = errorContent('FINALIZE_FAILED', `finalizeContent of ${def.name} failed: ${errorMessageOf(error)}`)
    }
  }
  let result: ResultView | undefined
  if (!isError && def.presentResult) {
    try { result = def.presentResult(raw.isError ? undefined : raw.value, content) } catch { result = undefined }
  }
  try {
    recorder.record(TOOL_RESULT_EVENT, { callId, name: def.name, isError, content, ...(errorCode ? { errorCode } : {}) })
  } catch (error) {
    recorder.warn(`${def.name} ${callId}: the tool/result event was not recorded`, error)
  }
  return {
    callId,
    content,
    isError,
    call,
    ...(raw.isError || isError ? {} : { value: raw.value }),
    ...(errorCode ? { errorCode } : {}),
    ...(result ? { result } : {}),
  }
}

/** The result of a call naming no registered tool (nothing runs). */
export function unknownToolResult(name: string, known: readonly string[], callId: string): ToolExecuteResult {
  const list = truncateUtf8(known.join(', ') || '(none)', 1024)
  const message = `no tool named ${JSON.stringify(truncateUtf8(String(name), 128))} is registered; available tools: ${list}`
  return { callId, content: errorContent('UNKNOWN_TOOL', message), isError: true, errorCode: 'UNKNOWN_TOOL', call: defaultCallView(truncateUtf8(String(name), 128)) }
}
