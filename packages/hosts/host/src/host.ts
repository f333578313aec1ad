import type { Context } from '@deepseek-ai/cordis'
import type { Agent } from 'dsh-agent'
import type { ToolExecuteResult, ToolListing } from 'dsh-tools'
import { CallTracker, MAX_CALLS_IN_FLIGHT } from './call-tracker'
import { type JobCompletion, watchJobCompletions } from './job-events'
import { bootComposition, type LogSink, stderrSink } from './launcher'
import { type CallProgress, progressTicker } from './progress'
import { type HostServices, need, rootServices } from './services'

/**
 * How long shutdown waits for cancelled in-flight calls to answer before it disposes the
 * composition anyway: a tool that ignores its AbortSignal must not hold the host open.
 */
export const SHUTDOWN_DRAIN_MS = 5_000

export interface HostOptions {
  /** The cordis.yml to boot (relative paths resolve against the current directory). */
  readonly configPath: string
  /** Where runtime log lines go (default: stderr, so stdout can carry a protocol). */
  readonly log?: LogSink
  /** Most tool calls in flight at once (default MAX_CALLS_IN_FLIGHT). */
  readonly maxCallsInFlight?: number
}

export interface CallRequest {
  /** The initiating agent (from agentNamed or mintAgent). */
  readonly agent: Agent
  readonly tool: string
  readonly args: unknown
  /** The front's cancellation (a cancel request, an MCP notifications/cancelled). */
  readonly signal?: AbortSignal
  /** Shown to the tool and recorded on the agent's log. */
  readonly callId?: string
  /** Called every PROGRESS_INTERVAL_MS while the call runs. */
  readonly onProgress?: (progress: CallProgress) => void
}

export type JobCompletionListener = (event: JobCompletion) => void

/** A booted composition with what every front needs. */
export interface Host {
  /** The composition's root context. */
  readonly root: Context
  readonly log: LogSink
  /** The seams, looked up on the root at call time (a composition may mount any subset). */
  readonly services: HostServices
  /** Entries of the composition that are not running (see the launcher). */
  problems(): string[]
  /** The live agent of this name, created on first use (a front that names its agents). */
  agentNamed(name: string): Agent
  /** The live agent of this name, if any. */
  findAgent(name: string): Agent | undefined
  /** A new agent with a server-minted name `<prefix>-<n>` (a front whose clients never name one). */
  mintAgent(prefix: string): Agent
  /** End an agent: its calls are aborted, its sessions and jobs closed, every process gone. */
  disposeAgent(agent: Agent): Promise<void>
  /** The tool catalog as this agent sees it (JSON Schemas included). */
  listTools(agent?: Agent): readonly ToolListing[]
  /** Run one tool call. Tool failures are results (`isError`); throws HostError when refused. */
  callTool(request: CallRequest): Promise<ToolExecuteResult>
  /** The composition's system prompt text. */
  systemPrompt(): string
  /** Set an agent's sandbox session mode (the policy may veto: its error is thrown). */
  setSandboxMode(agent: Agent, mode: string): Promise<void>
  /** Listen to background job completions. Returns an unsubscribe function. */
  onJobCompleted(listener: JobCompletionListener): () => void
  /** Refuse new calls, abort in-flight ones, dispose the composition. Idempotent. */
  shutdown(): Promise<void>
  /** True once shutdown has begun. */
  readonly stopping: boolean
  /** Resolves as soon as shutdown begins. */
  readonly stoppingStarted: Promise<void>
}

/** Boot a composition and return the host core every front stands on. */
export async function createHost(options: HostOptions): Promise<Host> {
  const log = options.log ?? stderrSink
  const composition = await bootComposition(options.configPath, log)
  const services = rootServices(composition.root)
  const calls = new CallTracker(options.maxCallsInFlight ?? MAX_CALLS_IN_FLIGHT)
  const listeners = new Set<JobCompletionListener>()
  const unwatch = watchJobCompletions(composition.root, (event) => {
    for (const listener of listeners) {
      try { listener(event) } catch (error) { log(`[warn] host: a job event listener failed: ${String(error)}`) }
    }
  })
  let minted = 0
  let stopping: Promise<void> | undefined
  let markStopping: () => void = () => {}
  const stoppingStarted = new Promise<void>((resolve) => { markStopping = resolve })

  const shutdown = () => (stopping ??= (async () => {
    markStopping()
    calls.close(new Error('the host is shutting down'))
    let timer: NodeJS.Timeout | undefined
    const bound = new Promise<void>((resolve) => { timer = setTimeout(resolve, SHUTDOWN_DRAIN_MS) })
    await Promise.race([calls.drained(), bound])
    clearTimeout(timer)
    try {
      await composition.stop()
    } finally {
      unwatch()
    }
  })())

  const host: Host = {
    root: composition.root,
    log,
    services,
    problems: composition.problems,
    agentNamed: (name) => {
      const agents = need(services, 'agents')
      return agents.byName(name) ?? agents.create(name)
    },
    findAgent: (name) => need(services, 'agents').byName(name),
    mintAgent: (prefix) => {
      const agents = need(services, 'agents')
      let name = `${prefix}-${++minted}`
      while (agents.byName(name)) name = `${prefix}-${++minted}`
      return agents.create(name)
    },
    disposeAgent: (agent) => need(services, 'agents').dispose(agent),
    listTools: (agent) => need(services, 'tools').list(agent),
    callTool: async (request) => {
      const tools = need(services, 'tools')
      return calls.run(async (hostSignal) => {
        const signals = [hostSignal, request.agent.signal]
        if (request.signal) signals.push(request.signal)
        const ticker = request.onProgress ? progressTicker(request.onProgress) : undefined
        try {
          return await tools.execute({
            agent: request.agent,
            name: request.tool,
            arguments: request.args,
            signal: AbortSignal.any(signals),
            callId: request.callId,
            reportProgress: ticker?.offer,
          })
        } finally {
          ticker?.stop()
        }
      })
    },
    systemPrompt: () => need(services, 'systemPrompt').render(),
    setSandboxMode: async (agent, mode) => { await need(services, 'sandboxPolicy').setSandboxMode(agent, mode) },
    onJobCompleted(listener) {
      listeners.add(listener)
      return () => { listeners.delete(listener) }
    },
    shutdown,
    get stopping() { return stopping !== undefined },
    stoppingStarted,
  }
  return host
}
