import { realpathSync, statSync } from 'node:fs'
import { resolve } from 'node:path'

/** A canonical directory path, or why the value is not one. */
export type CanonicalDirectory = { readonly path: string } | { readonly problem: string }

/**
 * Resolve a configured directory to its canonical absolute path (relative values are taken
 * from the process working directory; symlinks are resolved), synchronously so it can run
 * inside config validation.
 */
export function canonicalDirectory(value: string): CanonicalDirectory {
  let path: string
  try {
    path = realpathSync(resolve(value))
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    return { problem: code === 'ENOENT' ? 'does not exist' : `cannot be resolved (${code ?? String(error)})` }
  }
  try {
    if (!statSync(path).isDirectory()) return { problem: `is not a directory (it resolves to the file ${path})` }
  } catch (error) {
    return { problem: `cannot be inspected (${(error as NodeJS.ErrnoException).code ?? String(error)})` }
  }
  return { path }
}
