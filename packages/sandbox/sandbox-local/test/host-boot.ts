import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { Context } from '@deepseek-ai/cordis'
import Include from '@deepseek-ai/cordis-plugin-include'
import Loader from '@deepseek-ai/cordis-plugin-loader'

/** An include that never rewrites the YAML it reads (docs: guides/cordis.md §11.7). */
class ReadonlyInclude extends Include {
  override write(): void {}
}

export interface BootedHost {
  readonly root: Context
  stop(): Promise<void>
}

/**
 * Boot a cordis.yml the way the hosts do (a root context, the loader, a read-only
 * `cordis:include` of the file) and wait until every entry settled.
 */
export async function bootHost(file: string, cwd: string): Promise<BootedHost> {
  const root = new Context()
  root.baseUrl = `${pathToFileURL(cwd).href}/`
  const loader = root.plugin(Loader)
  const stop = () => loader.dispose().then(() => root.fiber.dispose()).then(() => undefined)
  await loader
  root.loader.builtins.include = ReadonlyInclude
  await root.loader.create({ name: 'cordis:include', config: { path: resolve(file) } })
  await root.loader.await()
  return { root, stop }
}
