import { readFileSync } from 'node:fs'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import type { Agent } from 'dsh-agent'
import { type CallProgress, type Host, HostError, type JobCompletion } from 'dsh-host'
import { callResult, type McpCallResult, progressMessage, refusedResult } from './call-result'
import { mcpTool } from './catalog'

/** Name and version the server gives in `initialize`. */
export const SERVER_INFO = {
  name: 'dsh',
  title: 'dsh: persistent terminal sessions',
  version: (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version,
}

/**
 * A JSON-RPC invalid-params error with the message as is (the SDK's McpError would prefix
 * "MCP error -32602:" and the client prefixes it once more).
 */
function unknownTool(message: string): Error & { code: number } {
  return Object.assign(new Error(message), { code: ErrorCode.InvalidParams })
}

/** The logger name of job-completed notifications. */
export const JOB_LOGGER = 'dsh-jobs'

/**
 * One MCP session: a low-level SDK `Server` bound to one server-minted agent. Every call of
 * the session runs as that agent; its background job completions reach this session only
 * (as `notifications/message`); ending the session disposes the agent, so every terminal,
 * job and process it owned is gone once `end()` settles.
 */
export class McpSession {
  readonly agent: Agent
  readonly server: Server
  /** When the session last received a request or answered one (ms, performance clock). */
  lastActive = performance.now()
  private calls = 0
  private teardown: Promise<void> | undefined
  private readonly unwatch: () => void

  /** Mints the agent: throws what the agent registry throws (e.g. a cap on agents). */
  constructor(private readonly host: Host) {
    this.agent = host.mintAgent('mcp')
    let instructions: string | undefined
    try { instructions = host.systemPrompt() } catch { instructions = undefined }
    this.server = new Server(SERVER_INFO, { capabilities: { tools: {}, logging: {} }, ...(instructions ? { instructions } : {}) })
    this.server.setRequestHandler(ListToolsRequestSchema, () => {
      this.touch()
      return { tools: host.listTools(this.agent).map(mcpTool) }
    })
    this.server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
      const token = request.params._meta?.progressToken
      const onProgress = token === undefined ? undefined : (p: CallProgress) => {
        const params = { progressToken: token, progress: p.elapsedMs, message: progressMessage(p.elapsedMs, p.outputBytes) }
        extra.sendNotification({ method: 'notifications/progress', params }).catch(() => { /* the client went away */ })
      }
      return this.call(request.params.name, request.params.arguments ?? {}, extra.signal, `${this.agent.name}/${String(extra.requestId)}`, onProgress)
    })
    this.unwatch = host.onJobCompleted((event) => { this.deliver(event) })
  }

  /** True once end() began: the session takes no more requests. */
  get ending(): boolean { return this.teardown !== undefined }

  /** True while a tool call of this session runs (an idle sweep must not end it). */
  get busy(): boolean { return this.calls > 0 }

  connect(transport: Transport): Promise<void> {
    return this.server.connect(transport)
  }

  /**
   * End the session: dispose the agent (its calls abort, its sessions and jobs close, every
   * process is gone), then close the transport. Idempotent; never rejects (a teardown
   * failure is logged: it names the survivors).
   */
  end(): Promise<void> {
    this.teardown ??= (async () => {
      this.unwatch()
      try {
        await this.host.disposeAgent(this.agent)
      } catch (error) {
        this.host.log(`[error] mcp: ending ${this.agent.name} did not close everything cleanly: ${error instanceof Error ? error.message : String(error)}`)
      }
      await this.server.close().catch(() => {})
    })()
    return this.teardown
  }

  private touch(): void {
    this.lastActive = performance.now()
  }

  private async call(name: string, args: unknown, signal: AbortSignal, callId: string, onProgress?: (p: CallProgress) => void): Promise<McpCallResult> {
    this.calls++
    this.touch()
    try {
      const r = await this.host.callTool({ agent: this.agent, tool: name, args, signal, callId, onProgress })
      // an unknown tool is a protocol fault: nothing ran
      if (r.errorCode === 'UNKNOWN_TOOL') throw unknownTool(r.content.replace(/^Error \[UNKNOWN_TOOL\]: /, ''))
      return callResult(r)
    } catch (error) {
      if (error instanceof HostError) return refusedResult(error.code, error.message)
      throw error
    } finally {
      this.calls--
      this.touch()
    }
  }

  /** A finished job of this session's agent becomes a log message to this session only. */
  private deliver(event: JobCompletion): void {
    if (event.agent !== this.agent) return
    const data = { event: 'job-completed', jobId: event.jobId, status: event.status, content: event.content }
    this.server.sendLoggingMessage({ level: 'info', logger: JOB_LOGGER, data }).catch((error: unknown) => {
      this.host.log(`[warn] mcp: the job-completed notice for ${event.jobId} was not delivered: ${String(error)}`)
    })
  }
}
