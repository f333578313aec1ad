import { realpath } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { bootedComposition } from './loader-view'
import { type InstallSeed, installationOf } from './package-dirs'

/**
 * The host's own files: the config files its loader booted from, every package directory
 * it loaded code from (the loader's plugins, the program it was started as, this package),
 * the packages those depend on, and the `node_modules` trees they live in. Canonical paths.
 * The survey of one composition is remembered; a changed composition is surveyed again.
 */
export class InstallSurvey {
  private cached: { readonly key: string; readonly paths: Promise<string[]> } | undefined

  /**
   * @param ownFiles files known to be loaded without the loader's help: this module and
   *   the program the process runs (`process.argv[1]`).
   */
  constructor(private readonly ownFiles: readonly string[]) {}

  /** The protected paths of the host whose loader is `loader` (undefined: no loader). */
  paths(loader: unknown): Promise<string[]> {
    const composition = bootedComposition(loader)
    const key = JSON.stringify(composition)
    if (this.cached?.key !== key) {
      // Resolved from the directory of the file that names it and from the working
      // directory (where a loader without Node's internal resolver may find it instead).
      const seeds = composition.plugins.flatMap((p) => [
        ...(p.baseUrl?.startsWith('file:') ? [{ specifier: p.specifier, fromDir: fileURLToPath(new URL('.', p.baseUrl)) }] : []),
        { specifier: p.specifier, fromDir: process.cwd() },
      ])
      const paths = this.survey(composition.configFiles, seeds)
      paths.catch(() => { if (this.cached?.paths === paths) this.cached = undefined })
      this.cached = { key, paths }
    }
    return this.cached.paths
  }

  private async survey(configFiles: readonly string[], plugins: readonly InstallSeed[]): Promise<string[]> {
    const seeds: InstallSeed[] = [...plugins, ...this.ownFiles.map((file) => ({ file }))]
    const installation = await installationOf(seeds)
    const configs = await Promise.all(configFiles.map((file) => realpath(file).catch(() => undefined)))
    return [...new Set([
      ...configs.filter((f): f is string => f !== undefined),
      ...installation.packageDirs,
      ...installation.nodeModules,
      ...installation.files,
    ])]
  }
}

/** The files this process is known to run: this module and its main program. */
export function ownFiles(moduleUrl: string, mainScript: string | undefined): string[] {
  const own = fileURLToPath(moduleUrl)
  return mainScript === undefined || mainScript === '' ? [own] : [own, mainScript]
}

