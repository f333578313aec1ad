import type { Context } from '@deepseek-ai/cordis'
import { createHost, type Host, type LogSink } from 'dsh-host'
import { RequestDispatcher } from './dispatcher'
import { failure, type JobCompletedEvent, parseRequest, type Response, success } from './protocol'

export interface HeadlessHostOptions {
  /** The cordis.yml to boot (relative paths resolve against the current directory). */
  readonly configPath: string
  /** Where runtime log lines go (default: stderr). */
  readonly log?: LogSink
}

export type HostEventListener = (event: JobCompletedEvent) => void

export interface HeadlessHost {
  /** The composition's root context. */
  readonly root: Context
  /** The host core this front stands on. */
  readonly core: Host
  /** Entries of the composition that are not running (see the launcher). */
  problems(): string[]
  /** Handle one protocol line; resolves with its response (a shutdown answers once disposed). */
  handleLine(line: string): Promise<Response>
  /** Handle one request object (as if sent as a line). */
  send(request: unknown): Promise<Response>
  /** Listen to unsolicited events (job-completed). Returns an unsubscribe function. */
  onEvent(listener: HostEventListener): () => void
  /** Cancel in-flight calls, dispose the composition. Idempotent. */
  shutdown(): Promise<void>
  /** True once shutdown has begun. */
  readonly stopping: boolean
  /** Resolves as soon as shutdown begins (from a request or a shutdown() call). */
  readonly stoppingStarted: Promise<void>
}

/** Boot a composition and return a host that answers protocol requests against it. */
export async function createHeadlessHost(options: HeadlessHostOptions): Promise<HeadlessHost> {
  const core = await createHost({ configPath: options.configPath, log: options.log })
  const dispatcher = new RequestDispatcher(core)
  const shutdown = () => {
    dispatcher.close()
    return core.shutdown()
  }

  const handleLine = async (line: string): Promise<Response> => {
    const parsed = parseRequest(line)
    if (!parsed.ok) return parsed.response
    const request = parsed.request
    if (request.kind !== 'shutdown') return dispatcher.handle(request)
    try {
      await shutdown()
      return success(request.id, { stopped: true })
    } catch (error) {
      return failure(request.id, 'INTERNAL', `the composition did not dispose cleanly: ${error instanceof Error ? error.message : String(error)}`)
    }
  }

  return {
    root: core.root,
    core,
    problems: core.problems,
    handleLine,
    send: (request) => handleLine(JSON.stringify(request)),
    onEvent: (listener) => core.onJobCompleted(({ agent, jobId, status, content }) => {
      listener({ event: 'job-completed', agent: agent.name, jobId, status, content })
    }),
    shutdown,
    get stopping() { return core.stopping },
    stoppingStarted: core.stoppingStarted,
  }
}
