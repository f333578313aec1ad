import { readFile, realpath, stat } from 'node:fs/promises'
import { dirname, isAbsolute, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Where a host's code lives on disk. */
export interface Installation {
  /** Canonical package directories (the nearest directory with a package.json). */
  readonly packageDirs: readonly string[]
  /** `node_modules` directories code was resolved through or lives in (outermost per tree). */
  readonly nodeModules: readonly string[]
  /** Loaded files that belong to no package. */
  readonly files: readonly string[]
}

/** Where to start: a module specifier resolved from a directory, or a file already loaded. */
export type InstallSeed = { readonly specifier: string; readonly fromDir: string } | { readonly file: string }

/** Bound on the packages walked; a real host has a few hundred at most. */
const MAX_PACKAGES = 5_000

/** Bound on a package.json read; real ones are a few KiB. */
const MAX_MANIFEST_BYTES = 1024 * 1024

const NODE_MODULES = '/node_modules'

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory()
  } catch {
    return false
  }
}

/** The `node_modules` directory at the top of the tree `path` lies in, if any. */
export function outerNodeModules(path: string): string | undefined {
  const at = `${path}/`.indexOf(`${NODE_MODULES}/`)
  return at < 0 ? undefined : path.slice(0, at + NODE_MODULES.length)
}

/** `@scope/name` or `name` from a bare specifier with an optional subpath. */
export function packageNameOf(specifier: string): string {
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!
}

/** The nearest ancestor directory of `path` holding a package.json, canonical. */
async function packageRootOf(path: string): Promise<string | undefined> {
  for (let dir = (await isDirectory(path)) ? path : dirname(path); ; dir = dirname(dir)) {
    try {
      if ((await stat(join(dir, 'package.json'))).isFile()) return dir
    } catch { /* keep climbing */ }
    if (dir === '/') return undefined
  }
}

/** Node's lookup of a bare specifier: `node_modules/<name>` in `fromDir` and each ancestor. */
async function findPackage(specifier: string, fromDir: string): Promise<{ dir: string; via: string } | undefined> {
  const name = packageNameOf(specifier)
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const via = join(dir, 'node_modules')
    const candidate = join(via, name)
    if (await isDirectory(candidate)) return { dir: await realpath(candidate), via }
    if (dir === '/') return undefined
  }
}

/**
 * A monorepo's root package (pnpm-workspace.yaml, or package.json `workspaces`): the
 * repository itself, not a package of code. A program run from it (`pnpm dsh`, a bench
 * script) protects its own file and the manifest, never the whole repository, which may be
 * the writable workspace.
 */
async function isWorkspaceRoot(packageDir: string): Promise<boolean> {
  try {
    if ((await stat(join(packageDir, 'pnpm-workspace.yaml'))).isFile()) return true
  } catch { /* not pnpm */ }
  try {
    const path = join(packageDir, 'package.json')
    if ((await stat(path)).size > MAX_MANIFEST_BYTES) return false
    const manifest = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>
    return manifest.workspaces !== undefined
  } catch {
    return false
  }
}

async function dependencyNames(packageDir: string): Promise<string[]> {
  try {
    const path = join(packageDir, 'package.json')
    if ((await stat(path)).size > MAX_MANIFEST_BYTES) return []
    const manifest = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>
    const names = new Set<string>()
    for (const field of ['dependencies', 'optionalDependencies', 'peerDependencies']) {
      const deps = manifest[field]
      if (typeof deps === 'object' && deps !== null) for (const name of Object.keys(deps)) names.add(name)
    }
    return [...names]
  } catch {
    return []
  }
}

/** A relative or absolute specifier (or `file:` URL) as a path, else undefined for a bare one. */
function pathOfSpecifier(specifier: string, fromDir: string): string | undefined {
  if (specifier.startsWith('file:')) return fileURLToPath(specifier)
  if (isAbsolute(specifier)) return specifier
  if (specifier.startsWith('./') || specifier.startsWith('../') || specifier === '.' || specifier === '..') return resolve(fromDir, specifier)
  return undefined
}

/**
 * The installation behind `seeds`: each seed's package directory, the packages it depends
 * on (package.json `dependencies`, `optionalDependencies`, `peerDependencies`, resolved the
 * way Node resolves them, through pnpm's symlinks to their real directories), and the
 * `node_modules` trees all of that came from. A package inside a `node_modules` tree is not
 * walked further: the whole tree is already part of the installation. A loaded file of a
 * monorepo's root package adds that file and the root's package.json (and the root's
 * dependencies), not the repository around them (see isWorkspaceRoot).
 */
export async function installationOf(seeds: readonly InstallSeed[]): Promise<Installation> {
  const packageDirs = new Set<string>()
  const nodeModules = new Set<string>()
  const files = new Set<string>()
  const queue: string[] = []
  const add = (dir: string, via?: string) => {
    for (const tree of [via, dir]) {
      const outer = tree === undefined ? undefined : outerNodeModules(tree)
      if (outer !== undefined) nodeModules.add(outer)
    }
    if (packageDirs.has(dir) || packageDirs.size >= MAX_PACKAGES) return
    packageDirs.add(dir)
    if (outerNodeModules(dir) === undefined) queue.push(dir)
  }
  for (const seed of seeds) {
    const path = 'file' in seed ? seed.file : pathOfSpecifier(seed.specifier, seed.fromDir)
    if (path !== undefined) {
      const real = await realpath(path).catch(() => undefined)
      if (real === undefined) continue
      const root = await packageRootOf(real)
      if (root === undefined) files.add(real)
      else if ('file' in seed && outerNodeModules(root) === undefined && await isWorkspaceRoot(root)) {
        files.add(real)
        files.add(join(root, 'package.json'))
        if (!queue.includes(root)) queue.push(root)
      } else add(root)
      continue
    }
    const found = 'specifier' in seed ? await findPackage(seed.specifier, seed.fromDir) : undefined
    if (found !== undefined) add(found.dir, found.via)
  }
  while (queue.length > 0) {
    const dir = queue.shift()!
    for (const name of await dependencyNames(dir)) {
      const found = await findPackage(name, dir)
      if (found !== undefined) add(found.dir, found.via)
    }
  }
  return { packageDirs: [...packageDirs], nodeModules: [...nodeModules], files: [...files] }
}
