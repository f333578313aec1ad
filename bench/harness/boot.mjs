// Boot a cordis.yml in this process (the loader, a read-only include, the group built-in),
// the same way a harness does, and wait until every entry settled.
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { Context, Logger } from '@deepseek-ai/cordis'
import Group from '@deepseek-ai/cordis-plugin-group'
import Include from '@deepseek-ai/cordis-plugin-include'
import Loader from '@deepseek-ai/cordis-plugin-loader'

/** An include that never rewrites the YAML it reads (guides/cordis.md §11.7). */
class ReadonlyInclude extends Include {
  write() {}
}

/** Fiber states that mean an entry is not running: 0 pending, 3 failed. */
const NOT_RUNNING = new Set([0, 3])

export async function boot(file, cwd) {
  const root = new Context()
  root.baseUrl = `${pathToFileURL(cwd).href}/`
  root.logger.exporter({
    colors: false,
    levels: { default: 2 },
    export(m) {
      process.stderr.write(`[${m.type}] ${m.name}: ${Logger.format(this, m)}\n`)
    },
  })
  const loader = root.plugin(Loader)
  await loader
  root.loader.builtins.group = Group
  root.loader.builtins.include = ReadonlyInclude
  await root.loader.create({ name: 'cordis:include', config: { path: resolve(file) } })
  await root.loader.await()
  const entries = [...root.loader.entries()]
  const problems = entries
    .filter((e) => !e.disabled && (e.fiber === undefined || NOT_RUNNING.has(e.fiber.state)))
    .map((e) => `${e.options.id} (${e.options.name})`)
  const configOf = (name) => entries.find((e) => e.options.name === name)?.options.config ?? {}
  const stop = () => loader.dispose().then(() => root.fiber.dispose())
  return { root, problems, configOf, stop }
}
