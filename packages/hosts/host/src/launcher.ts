import { existsSync, statSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { Context, Logger } from '@deepseek-ai/cordis'
import Group from '@deepseek-ai/cordis-plugin-group'
import Include from '@deepseek-ai/cordis-plugin-include'
import Loader from '@deepseek-ai/cordis-plugin-loader'
import { HostError } from './errors'

/** Logger level shown on stderr: 2 keeps warnings (the default of 1 drops them; guides/cordis.md §11.3). */
const LOG_LEVEL = 2

/** Fiber states that mean an entry is not running: 0 PENDING (waiting for services), 3 FAILED. */
const FIBER_PENDING = 0
const FIBER_FAILED = 3

/** An include that never rewrites the YAML it reads (the stock one may; guides/cordis.md §11.7). */
export class ReadonlyInclude extends Include {
  override write(): void {}
}

export interface Composition {
  /** The root context: services are reached as `root.get('tools')` and so on. */
  readonly root: Context
  /** One line per enabled entry that is not running (failed, waiting, or not loaded). */
  problems(): string[]
  /** Dispose the loader, then the root (so disposer errors are still logged). Idempotent. */
  stop(): Promise<void>
}

export type LogSink = (line: string) => void

/** Default log sink: stderr, so stdout stays protocol-only. */
export const stderrSink: LogSink = (line) => { process.stderr.write(`${line}\n`) }

/**
 * Boot a cordis.yml: plug the loader with the group and a read-only include as built-ins,
 * include the file, and wait until every entry settled (imports done, async inits finished).
 */
export async function bootComposition(file: string, log: LogSink = stderrSink): Promise<Composition> {
  const path = resolve(file)
  if (!existsSync(path) || !statSync(path).isFile()) {
    throw new HostError('CONFIG_NOT_FOUND', `composition file ${path} does not exist; pass an existing cordis.yml with --config FILE`)
  }
  const root = new Context()
  root.baseUrl = `${pathToFileURL(process.cwd()).href}/`
  root.logger.exporter({
    colors: false,
    levels: { default: LOG_LEVEL },
    export(message) { log(`[${message.type}] ${message.name}: ${Logger.format(this, message)}`) },
  })
  const loaderFiber = root.plugin(Loader)
  let stopping: Promise<void> | undefined
  const stop = () => (stopping ??= loaderFiber.dispose().then(() => root.fiber.dispose()).then(() => undefined))
  try {
    await loaderFiber
    root.loader.builtins.group = Group
    root.loader.builtins.include = ReadonlyInclude
    await root.loader.create({ name: 'cordis:include', config: { path } })
    await root.loader.await()
  } catch (error) {
    await stop()
    throw new HostError('BOOT_FAILED', `could not load ${path}: ${error instanceof Error ? error.message : String(error)}`, { cause: error })
  }
  const problems = () => [...root.loader.entries()]
    .filter((e) => !e.disabled && (e.fiber === undefined || e.fiber.state === FIBER_PENDING || e.fiber.state === FIBER_FAILED))
    .map((e) => `${e.options.id} (${e.options.name}): ${e.fiber ? (e.fiber.state === FIBER_FAILED ? 'failed' : 'waiting for services') : 'not loaded'}`)
  return { root, problems, stop }
}
