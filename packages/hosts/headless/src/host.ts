import type { Context } from '@deepseek-ai/cordis'
import { RequestDispatcher } from './dispatcher'
import { watchJobCompletions } from './job-events'
import { bootComposition, type LogSink, stderrSink } from './launcher'
import { failure, type JobCompletedEvent, parseRequest, type Response, success } from './protocol'
import { rootServices } from './services'

/**
 * How long shutdown waits for cancelled in-flight calls to answer before it disposes the
 * composition anyway: a tool that ignores its AbortSignal must not hold the host open.
 */
export const SHUTDOWN_DRAIN_MS = 5_000

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
  const log = options.log ?? stderrSink
  const composition = await bootComposition(options.configPath, log)
  const dispatcher = new RequestDispatcher(rootServices(composition.root))
  const listeners = new Set<HostEventListener>()
  const unwatch = watchJobCompletions(composition.root, (event) => {
    for (const listener of listeners) {
      try { listener(event) } catch (error) { log(`[warn] headless: an event listener failed: ${String(error)}`) }
    }
  })
  let stopping: Promise<void> | undefined
  let markStopping: () => void = () => {}
  const stoppingStarted = new Promise<void>((resolve) => { markStopping = resolve })

  const shutdown = () => (stopping ??= (async () => {
    markStopping()
    dispatcher.close()
    let timer: NodeJS.Timeout | undefined
    const bound = new Promise<void>((resolve) => { timer = setTimeout(resolve, SHUTDOWN_DRAIN_MS) })
    await Promise.race([dispatcher.drained(), bound])
    clearTimeout(timer)
    try {
      await composition.stop()
    } finally {
      unwatch()
    }
  })())

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
    root: composition.root,
    problems: composition.problems,
    handleLine,
    send: (request) => handleLine(JSON.stringify(request)),
    onEvent(listener) {
      listeners.add(listener)
      return () => { listeners.delete(listener) }
    },
    shutdown,
    get stopping() { return stopping !== undefined },
    stoppingStarted,
  }
}
