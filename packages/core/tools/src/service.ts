import { type Context, Service } from '@deepseek-ai/cordis'
import type { Agent } from 'dsh-agent'
import { type CompiledTool, compileTool } from './compile-tool'
import { ToolError } from './errors'
import { presentCall } from './present-call'
import { recordedArguments, runCall, TOOL_CALL_EVENT, TOOL_RESULT_EVENT, unknownToolResult } from './run-call'
import type { CallView, ToolDefinition, ToolExecuteRequest, ToolExecuteResult, ToolListing } from './types'

declare module '@deepseek-ai/cordis' {
  interface Context { tools: ToolService }
}

/** ctx.tools: the registry of model tools and the one path every tool call takes. */
export class ToolService extends Service {
  private readonly registry = new Map<string, CompiledTool>()
  private readonly root: Context
  private calls = 0

  constructor(ctx: Context) {
    super(ctx, 'tools')
    this.root = ctx
  }

  /**
   * Register a tool for as long as the CALLING plugin is loaded. Returns a disposer that
   * unregisters it earlier. Throws INVALID_TOOL or DUPLICATE_TOOL and registers nothing.
   */
  register<T extends ToolDefinition>(tool: T): () => void {
    const compiled = compileTool(tool)
    const name = compiled.listing.name
    if (this.registry.has(name)) {
      throw new ToolError('DUPLICATE_TOOL', `a tool named "${name}" is already registered; pick another name or unload the plugin that registered it`)
    }
    const dispose = this.ctx.effect(() => {
      this.registry.set(name, compiled)
      return () => { if (this.registry.get(name) === compiled) this.registry.delete(name) }
    }, `tools.register(${name})`)
    return () => { void dispose() }
  }

  /** True when a tool of this name is registered. */
  has(name: string): boolean { return this.registry.has(name) }

  /** The catalog an agent sees, sorted by name. */
  list(_agent?: Agent): ToolListing[] {
    return [...this.registry.values()].map((t) => t.listing).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  }

  /**
   * How a call will be presented before it runs (a host shows the card while the call is
   * pending): the same card `execute` returns as `call` for these arguments.
   */
  present(name: string, args: unknown): CallView {
    return presentCall(this.registry.get(name), name, args)
  }

  /** Run one tool call. Never rejects: every failure is an `isError` result with a code. */
  async execute(request: ToolExecuteRequest): Promise<ToolExecuteResult> {
    const { agent, name } = request
    const callId = request.callId ?? `call-${++this.calls}`
    const signal = request.signal ?? new AbortController().signal
    const logger = this.root.logger('tools')
    const recorder = {
      record: (type: string, data: unknown) => { agent?.session.append(type, data) },
      warn: (message: string, error: unknown) => { logger.warn(`${message}: ${String(error)}`) },
    }
    const tool = this.registry.get(name)
    if (tool) return runCall({ tool, agent, arguments: request.arguments, signal, callId, reportProgress: request.reportProgress }, recorder)
    const result = unknownToolResult(name, [...this.registry.keys()].sort(), callId)
    try {
      recorder.record(TOOL_CALL_EVENT, { callId, name, arguments: recordedArguments(request.arguments, false) })
      recorder.record(TOOL_RESULT_EVENT, { callId, name, isError: true, content: result.content, errorCode: result.errorCode })
    } catch (error) {
      recorder.warn(`${String(name)} ${callId}: the tool events were not recorded`, error)
    }
    return result
  }
}
