import { lstat, readFile, realpath } from 'node:fs/promises'
import { join, resolve } from 'node:path'

/** Bound on a `.git` file or `commondir` read; real ones are one short line. */
const MAX_POINTER_BYTES = 4096

async function pointer(file: string, from: string, prefix: string): Promise<string | undefined> {
  try {
    const text = (await readFile(file, 'utf8')).slice(0, MAX_POINTER_BYTES).trim()
    if (!text.startsWith(prefix)) return undefined
    return await realpath(resolve(from, text.slice(prefix.length).trim()))
  } catch {
    return undefined
  }
}

/**
 * The git metadata of the repository at `root`: its `.git` (a directory, or the file of a
 * worktree or submodule), and for such a file the git directory it points to and that
 * directory's common directory (where hooks and config live). Canonical paths; the caller
 * keeps those inside the workspace read-only.
 */
export async function gitPathsOf(root: string): Promise<string[]> {
  const dotGit = join(root, '.git')
  const kind = await lstat(dotGit).catch(() => undefined)
  if (kind === undefined) return []
  if (!kind.isFile()) return [dotGit]
  const gitDir = await pointer(dotGit, root, 'gitdir:')
  if (gitDir === undefined) return [dotGit]
  const common = await pointer(join(gitDir, 'commondir'), gitDir, '')
  return [dotGit, gitDir, ...(common === undefined ? [] : [common])]
}
