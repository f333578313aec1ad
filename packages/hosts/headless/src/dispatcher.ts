import type { Agent, AgentRegistry } from 'dsh-agent'
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
import type { HostServices } from './services'

interface InFlight {
  /** Present for tool calls: aborting it cancels the call. */
  readonly controller?: AbortController
  readonly done: Promise<unknown>
}

const MISSING = {
  agents: 'no agent registry is mounted (ctx.agents): add dsh-agent to the composition',
  tools: 'no tool registry is mounted (ctx.tools): add dsh-tools to the composition',
  systemPrompt: 'no system prompt is mounted (ctx.systemPrompt): add dsh-system-prompt to the composition',
  sandboxPolicy: 'no sandbox policy is mounted (ctx.sandboxPolicy): add dsh-sandbox-policy to the composition to change sandbox modes',
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

function codeOf(error: unknown, fallback: string): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? (error as { code: unknown }).code : undefined
  return typeof code === 'string' && code.length > 0 ? code : fallback
}

/**
 * Runs requests against the composition's seams. Every request settles to one response;
 * nothing here throws. Tool calls are cancellable by request id.
 */
export class RequestDispatcher {
  private readonly inflight = new Map<string, InFlight>()
  private closed = false

  constructor(private readonly services: HostServices) {}

  /** Run one request (not `shutdown`: the host owns that). */
  handle(request: Exclude<Request, { kind: 'shutdown' }>): Promise<Response> {
    if (this.closed) return Promise.resolve(failure(request.id, 'SHUTTING_DOWN', 'the host is shutting down and takes no new requests'))
    const key = idKey(request.id)
    if (this.inflight.has(key)) {
      return Promise.resolve(failure(request.id, 'DUPLICATE_ID', `request id ${JSON.stringify(request.id)} is still in flight; use a new id for every request`))
    }
    const controller = request.kind === 'tool' ? new AbortController() : undefined
    const done = this.run(request, controller).catch((error: unknown) => failure(request.id, 'INTERNAL', `the host failed to run the request: ${messageOf(error)}`))
    this.inflight.set(key, { controller, done })
    return done.finally(() => { this.inflight.delete(key) })
  }

  /** Take no more requests and cancel every in-flight tool call. */
  close(reason = 'the host is shutting down'): void {
    this.closed = true
    for (const entry of this.inflight.values()) entry.controller?.abort(new Error(reason))
  }

  /** Settles once every in-flight request has answered. */
  async drained(): Promise<void> {
    await Promise.allSettled([...this.inflight.values()].map((e) => e.done))
  }

  private run(request: Exclude<Request, { kind: 'shutdown' }>, controller: AbortController | undefined): Promise<Response> {
    switch (request.kind) {
      case 'tool': return this.callTool(request, controller!)
      case 'cancel': return Promise.resolve(this.cancel(request))
      case 'tools': return this.listTools(request)
      case 'prompt': return Promise.resolve(this.prompt(request))
      case 'sandbox-mode': return this.sandboxMode(request)
      case 'dispose-agent': return this.disposeAgent(request)
    }
  }

  /** The live agent of this name, created on first use. */
  private agentFor(agents: AgentRegistry, name: string): Agent {
    return agents.byName(name) ?? agents.create(name)
  }

  private async callTool(request: ToolCallRequest, controller: AbortController): Promise<Response> {
    const agents = this.services.agents()
    if (!agents) return failure(request.id, 'NOT_AVAILABLE', MISSING.agents, MISSING.agents)
    const tools = this.services.tools()
    if (!tools) return failure(request.id, 'NOT_AVAILABLE', MISSING.tools, MISSING.tools)
    const agent = this.agentFor(agents, request.agent)
    const signal = AbortSignal.any([controller.signal, agent.signal])
    const r = await tools.execute({ agent, name: request.tool, arguments: request.args, signal, callId: `${request.agent}/${String(request.id)}` })
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

  private async listTools(request: ToolsRequest): Promise<Response> {
    const agents = this.services.agents()
    if (!agents) return failure(request.id, 'NOT_AVAILABLE', MISSING.agents)
    const tools = this.services.tools()
    if (!tools) return failure(request.id, 'NOT_AVAILABLE', MISSING.tools)
    const listing = await tools.list(this.agentFor(agents, request.agent))
    return success(request.id, { tools: listing.map(({ name, description, inputSchema }) => ({ name, description, inputSchema })) })
  }

  private prompt(request: PromptRequest): Response {
    const prompt = this.services.systemPrompt()
    if (!prompt) return failure(request.id, 'NOT_AVAILABLE', MISSING.systemPrompt)
    return success(request.id, { text: prompt.render() })
  }

  private async sandboxMode(request: SandboxModeRequest): Promise<Response> {
    if (!(SANDBOX_MODES as readonly string[]).includes(request.mode)) {
      return failure(request.id, 'BAD_REQUEST', `unknown sandbox mode ${JSON.stringify(request.mode)}; use one of ${SANDBOX_MODES.join(', ')}`)
    }
    const agents = this.services.agents()
    if (!agents) return failure(request.id, 'NOT_AVAILABLE', MISSING.agents)
    const policy = this.services.sandboxPolicy()
    if (!policy) return failure(request.id, 'NOT_AVAILABLE', MISSING.sandboxPolicy)
    try {
      await policy.setSandboxMode(this.agentFor(agents, request.agent), request.mode)
    } catch (error) {
      return failure(request.id, codeOf(error, 'SANDBOX_MODE_REFUSED'), messageOf(error))
    }
    return success(request.id, { agent: request.agent, mode: request.mode })
  }

  private async disposeAgent(request: DisposeAgentRequest): Promise<Response> {
    const agents = this.services.agents()
    if (!agents) return failure(request.id, 'NOT_AVAILABLE', MISSING.agents)
    const agent = agents.byName(request.agent)
    if (!agent) {
      return failure(request.id, 'UNKNOWN_AGENT', `no live agent named ${JSON.stringify(request.agent)}; agents start with their first request and end with dispose-agent`)
    }
    try {
      await agents.dispose(agent)
    } catch (error) {
      return failure(request.id, codeOf(error, 'DISPOSE_FAILED'), messageOf(error))
    }
    return success(request.id, { agent: request.agent, disposed: true })
  }
}
