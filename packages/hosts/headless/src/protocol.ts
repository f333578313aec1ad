// @dsh-pure
/**
 * The headless JSON-lines protocol: request parsing and validation, response shapes.
 * One JSON object per line each way; responses carry the request id and may come out of order.
 */

/** A request id: echoed on the response. */
export type RequestId = number | string

/** Codes the host itself answers with (tool failures carry the tool's own code). */
export type HostErrorCode =
  | 'BAD_REQUEST'
  | 'NOT_AVAILABLE'
  | 'UNKNOWN_AGENT'
  | 'DUPLICATE_ID'
  | 'SHUTTING_DOWN'
  | 'TOO_MANY_CALLS'
  | 'INTERNAL'

export interface ToolCallRequest { readonly kind: 'tool'; readonly id: RequestId; readonly agent: string; readonly tool: string; readonly args: unknown }
export interface CancelRequest { readonly kind: 'cancel'; readonly id: RequestId; readonly target: RequestId }
export interface ToolsRequest { readonly kind: 'tools'; readonly id: RequestId; readonly agent: string }
export interface PromptRequest { readonly kind: 'prompt'; readonly id: RequestId; readonly agent?: string }
export interface SandboxModeRequest { readonly kind: 'sandbox-mode'; readonly id: RequestId; readonly agent: string; readonly mode: string }
export interface DisposeAgentRequest { readonly kind: 'dispose-agent'; readonly id: RequestId; readonly agent: string }
export interface ShutdownRequest { readonly kind: 'shutdown'; readonly id: RequestId }

export type Request =
  | ToolCallRequest
  | CancelRequest
  | ToolsRequest
  | PromptRequest
  | SandboxModeRequest
  | DisposeAgentRequest
  | ShutdownRequest

export interface ErrorBody { readonly code: string; readonly message: string }

/** Every response line. Success has `result`; failure has `error`. */
export type Response =
  | { readonly id: RequestId | null; readonly ok: true; readonly result: unknown; readonly content?: string; readonly render?: unknown }
  | { readonly id: RequestId | null; readonly ok: false; readonly error: ErrorBody; readonly content?: string }

/** The unsolicited event sent when a background job of an agent finishes. */
export interface JobCompletedEvent {
  readonly event: 'job-completed'
  readonly agent: string
  readonly jobId: string
  readonly status: string
  readonly content: string
}

export type ParseResult =
  | { readonly ok: true; readonly request: Request }
  | { readonly ok: false; readonly response: Response }

/** The operations a request may name with `op`. */
export const OPS = ['cancel', 'tools', 'prompt', 'sandbox-mode', 'dispose-agent', 'shutdown'] as const

/** Longest accepted agent name or tool name, in UTF-16 units. */
export const MAX_NAME_LENGTH = 256
/** Longest accepted string request id, in UTF-16 units. */
export const MAX_ID_LENGTH = 256

const EXAMPLE = 'e.g. {"id":1,"agent":"a","tool":"job_list","args":{}} or {"id":2,"op":"tools","agent":"a"}'

function bad(id: RequestId | null, message: string): ParseResult {
  return { ok: false, response: failure(id, 'BAD_REQUEST', message) }
}

export function failure(id: RequestId | null, code: string, message: string, content?: string): Response {
  return content === undefined ? { id, ok: false, error: { code, message } } : { id, ok: false, error: { code, message }, content }
}

export function success(id: RequestId | null, result: unknown): Response {
  return { id, ok: true, result }
}

function isId(value: unknown): value is RequestId {
  return (typeof value === 'number' && Number.isSafeInteger(value))
    || (typeof value === 'string' && value.length > 0 && value.length <= MAX_ID_LENGTH)
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A name field (agent, tool): a non-empty string of bounded length, or an error text. */
function nameField(body: Record<string, unknown>, field: string): string | { error: string } {
  const value = body[field]
  if (typeof value !== 'string' || value.length === 0) {
    return { error: `"${field}" must be a non-empty string (got ${describeValue(value)})` }
  }
  if (value.length > MAX_NAME_LENGTH) return { error: `"${field}" is longer than ${MAX_NAME_LENGTH} characters` }
  return value
}

function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing'
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value)
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`
}

/** Parse one input line into a request, or a BAD_REQUEST response naming what is wrong. */
export function parseRequest(line: string): ParseResult {
  let body: unknown
  try {
    body = JSON.parse(line)
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error)
    return bad(null, `the line is not valid JSON (${why}); send one JSON object per line, ${EXAMPLE}`)
  }
  if (!isRecord(body)) return bad(null, `a request must be a JSON object, got ${describeValue(body)}; ${EXAMPLE}`)
  if (!isId(body.id)) {
    return bad(null, `"id" must be an integer or a non-empty string of at most ${MAX_ID_LENGTH} characters (got ${describeValue(body.id)}); responses carry it back`)
  }
  const id = body.id
  if (body.op === undefined) return parseToolCall(id, body)
  if (body.tool !== undefined) return bad(id, 'a request has either "tool" (a tool call) or "op", not both')
  switch (body.op) {
    case 'cancel':
      if (!isId(body.target)) return bad(id, `"cancel" needs "target": the id of an in-flight request (got ${describeValue(body.target)})`)
      return { ok: true, request: { kind: 'cancel', id, target: body.target } }
    case 'tools':
    case 'dispose-agent': {
      const kind: 'tools' | 'dispose-agent' = body.op === 'tools' ? 'tools' : 'dispose-agent'
      const agent = nameField(body, 'agent')
      if (typeof agent !== 'string') return bad(id, `"${kind}" needs an agent: ${agent.error}`)
      return { ok: true, request: { kind, id, agent } }
    }
    case 'prompt': {
      if (body.agent === undefined) return { ok: true, request: { kind: 'prompt', id } }
      const agent = nameField(body, 'agent')
      if (typeof agent !== 'string') return bad(id, `"prompt": ${agent.error}`)
      return { ok: true, request: { kind: 'prompt', id, agent } }
    }
    case 'sandbox-mode': {
      const agent = nameField(body, 'agent')
      if (typeof agent !== 'string') return bad(id, `"sandbox-mode" needs an agent: ${agent.error}`)
      if (typeof body.mode !== 'string' || body.mode.length === 0) {
        return bad(id, `"sandbox-mode" needs "mode": read-only, workspace-write or danger-full-access (got ${describeValue(body.mode)})`)
      }
      return { ok: true, request: { kind: 'sandbox-mode', id, agent, mode: body.mode } }
    }
    case 'shutdown':
      return { ok: true, request: { kind: 'shutdown', id } }
    default:
      return bad(id, `unknown "op" ${describeValue(body.op)}; known: ${OPS.join(', ')} (or omit "op" and name a "tool")`)
  }
}

function parseToolCall(id: RequestId, body: Record<string, unknown>): ParseResult {
  if (body.tool === undefined) return bad(id, `a request needs "tool" (a tool call) or "op" (${OPS.join(', ')}); ${EXAMPLE}`)
  const tool = nameField(body, 'tool')
  if (typeof tool !== 'string') return bad(id, tool.error)
  const agent = nameField(body, 'agent')
  if (typeof agent !== 'string') return bad(id, `a tool call needs the initiating agent: ${agent.error}`)
  const args = body.args === undefined ? {} : body.args
  if (!isRecord(args)) return bad(id, `"args" must be a JSON object of the tool's arguments (got ${describeValue(args)})`)
  return { ok: true, request: { kind: 'tool', id, agent, tool, args } }
}

/** A stable map key for a request id (1 and "1" are different ids). */
export function idKey(id: RequestId): string {
  return typeof id === 'number' ? `n:${id}` : `s:${id}`
}

/** One protocol line: compact JSON and a newline. */
export function encodeLine(message: Response | JobCompletedEvent): string {
  return `${JSON.stringify(message)}\n`
}

/** The message part of a tool's model-visible error text (`Error [CODE]: message`). */
export function messageOfErrorContent(content: string, code: string): string {
  for (const prefix of [`Error [${code}]: `, 'Error: ']) {
    if (content.startsWith(prefix)) return content.slice(prefix.length)
  }
  return content
}
