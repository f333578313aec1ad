import { type Host, need } from 'dsh-host'
import { SANDBOX_MODES } from 'dsh-sandbox'
import {
  type CancelRequest,
  type DisposeAgentRequest,
  failure,
  idKey,
  messageOfErrorContent,
  type PromptRequest,
  type Request,
  type Response,
  type SandboxModeRequest,
  success,
  type ToolCallRequest,
  type ToolsRequest,
} from './protocol'

interface InFlight {
  /** Present for tool calls: aborting it cancels the call. */
  readonly controller?: AbortController
  readonly done: Promise<unknown>
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

function codeOf(error: unknown, fallback: string): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? (error as { code: unknown }).code : undefined
  return typeof code === 'string' && code.length > 0 ? code : fallback
}

/**
 * Runs protocol requests against the host core. Every request settles to one response;
 * nothing here throws. Tool calls are cancellable by request id.
 */
export class RequestDispatcher {
  private readonly inflight = new Map<string, InFlight>()
  private closed = false

  constructor(private readonly host: Host) {}

  /** Run one request (not `shutdown`: the host owns that). */
  handle(request: Exclude<Request, { kind: 'shutdown' }>): Promise<Response> {
    if (this.closed) return Promise.resolve(failure(request.id, 'SHUTTING_DOWN', 'the host is shutting down and takes no new requests'))
    const key = idKey(request.id)
    if (this.inflight.has(key)) {
      // answered with id null: an answer under the id would read as the live request's answer
      return Promise.resolve(failure(null, 'DUPLICATE_ID', `request id ${JSON.stringify(request.id)} is still in flight, so this request was not run; use a new id for every request`))
    }
    const controller = request.kind === 'tool' ? new AbortController() : undefined
    const done = this.run(request, controller).catch((error: unknown) => this.refusal(request, error))
    this.inflight.set(key, { controller, done })
    return done.finally(() => { this.inflight.delete(key) })
  }

  /** Take no more requests (the host core aborts the calls in flight). */
  close(): void {
    this.closed = true
  }

  /** A request the host refused (a coded error) or failed to run (INTERNAL). */
  private refusal(request: Exclude<Request, { kind: 'shutdown' }>, error: unknown): Response {
    const code = codeOf(error, 'INTERNAL')
    if (code === 'INTERNAL') return failure(request.id, code, `the host failed to run the request: ${messageOf(error)}`)
    // a refused tool call carries the text as its content too, as a model would see it
    return failure(request.id, code, messageOf(error), request.kind === 'tool' ? messageOf(error) : undefined)
  }

  private async run(request: Exclude<Request, { kind: 'shutdown' }>, controller: AbortController | undefined): Promise<Response> {
    switch (request.kind) {
      case 'tool': return this.callTool(request, controller!)
      case 'cancel': return this.cancel(request)
      case 'tools': return this.listTools(request)
      case 'prompt': return this.prompt(request)
      case 'sandbox-mode': return this.sandboxMode(request)
      case 'dispose-agent': return this.disposeAgent(request)
    }
  }

  private async callTool(request: ToolCallRequest, controller: AbortController): Promise<Response> {
    need(this.host.services, 'agents')
    need(this.host.services, 'tools')
    const agent = this.host.agentNamed(request.agent)
    const r = await this.host.callTool({ agent, tool: request.tool, args: request.args, signal: controller.signal, callId: `${request.agent}/${String(request.id)}` })
    const render = r.result ? { call: r.call, result: r.result } : { call: r.call }
    if (!r.isError) return { id: request.id, ok: true, result: r.value ?? null, content: r.content, render }
    const code = r.errorCode ?? 'TOOL_FAILED'
    return failure(request.id, code, messageOfErrorContent(r.content, code), r.content)
  }

  private cancel(request: CancelRequest): Response {
    const target = this.inflight.get(idKey(request.target))
    if (!target?.controller || target.controller.signal.aborted) return success(request.id, { target: request.target, cancelled: false })
    target.controller.abort(new Error(`cancelled by request ${JSON.stringify(request.id)}`))
    return success(request.id, { target: request.target, cancelled: true })
  }

  /** The catalog as the named agent sees it; listing never creates the agent. */
  private listTools(request: ToolsRequest): Response {
    const listing = this.host.listTools(this.host.findAgent(request.agent))
    return success(request.id, { tools: listing.map(({ name, description, inputSchema }) => ({ name, description, inputSchema })) })
  }

  private prompt(request: PromptRequest): Response {
    return success(request.id, { text: this.host.systemPrompt() })
  }

  private async sandboxMode(request: SandboxModeRequest): Promise<Response> {
    if (!(SANDBOX_MODES as readonly string[]).includes(request.mode)) {
      return failure(request.id, 'BAD_REQUEST', `unknown sandbox mode ${JSON.stringify(request.mode)}; use one of ${SANDBOX_MODES.join(', ')}`)
    }
    need(this.host.services, 'agents')
    need(this.host.services, 'sandboxPolicy')
    const agent = this.host.agentNamed(request.agent)
    try {
      await this.host.setSandboxMode(agent, request.mode)
    } catch (error) {
      return failure(request.id, codeOf(error, 'SANDBOX_MODE_REFUSED'), messageOf(error))
    }
    return success(request.id, { agent: request.agent, mode: request.mode })
  }

  private async disposeAgent(request: DisposeAgentRequest): Promise<Response> {
    const agent = this.host.findAgent(request.agent)
    if (!agent) {
      return failure(request.id, 'UNKNOWN_AGENT', `no live agent named ${JSON.stringify(request.agent)}; agents start with their first tool call or sandbox-mode and end with dispose-agent`)
    }
    try {
      await this.host.disposeAgent(agent)
    } catch (error) {
      return failure(request.id, codeOf(error, 'DISPOSE_FAILED'), messageOf(error))
    }
    return success(request.id, { agent: request.agent, disposed: true })
  }
}
