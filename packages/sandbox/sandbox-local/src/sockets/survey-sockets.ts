import { lstat, open, realpath } from 'node:fs/promises'
import { basename, delimiter, dirname, isAbsolute, join } from 'node:path'
import { pathCandidatesOf } from './env-sockets'
import type { SocketFacts } from './mask-plan'
import { pathSocketsOf } from './proc-net-unix'

/** Bound on the /proc/net/unix text read (about 100,000 sockets); the rest is ignored. */
const MAX_PROC_NET_UNIX_BYTES = 16 * 1024 * 1024

/** Bound on the paths checked per survey, so a host with a huge socket table stays quick. */
const MAX_CANDIDATES = 20_000

/** The directories that usually hold system and per-user sockets. */
const RUN_DIRS = ['/run', '/var/run']

/** The path with its directory canonical (the socket itself is not a symlink), or undefined when it is no socket. */
async function socketAt(path: string): Promise<string | undefined> {
  try {
    if (!(await lstat(path)).isSocket()) return undefined
    return join(await realpath(dirname(path)), basename(path))
  } catch {
    return undefined
  }
}

async function directoryAt(path: string | undefined, followLinks: boolean): Promise<string | undefined> {
  if (path === undefined || !isAbsolute(path)) return undefined
  try {
    if (!followLinks && !(await lstat(path)).isDirectory()) return undefined
    const real = await realpath(path)
    return (await lstat(real)).isDirectory() ? real : undefined
  } catch {
    return undefined
  }
}

/** Chunk size for reading kernel-generated files, which report no size up front. */
const READ_CHUNK_BYTES = 64 * 1024

/** A file's text up to `limit` bytes ('' when it cannot be read). */
async function readBounded(path: string, limit: number): Promise<string> {
  const chunks: Buffer[] = []
  try {
    const handle = await open(path, 'r')
    try {
      for (let total = 0; total < limit;) {
        const chunk = Buffer.alloc(Math.min(READ_CHUNK_BYTES, limit - total))
        const { bytesRead } = await handle.read(chunk, 0, chunk.length, null)
        if (bytesRead === 0) break
        chunks.push(chunk.subarray(0, bytesRead))
        total += bytesRead
      }
    } finally {
      await handle.close()
    }
  } catch {
    return ''
  }
  return Buffer.concat(chunks).toString('utf8')
}

async function sockets(paths: readonly string[]): Promise<string[]> {
  const found = await Promise.all(paths.slice(0, MAX_CANDIDATES).map(socketAt))
  return found.filter((p): p is string => p !== undefined)
}

/** Where the host's unix sockets are, as seen from this process. */
export async function surveySockets(env: NodeJS.ProcessEnv, cwd: string | undefined): Promise<SocketFacts> {
  const runDirs = (await Promise.all(RUN_DIRS.map((dir) => directoryAt(dir, false)))).filter((d): d is string => d !== undefined)
  const keepCandidates = [env.HOME, cwd, ...(env.PATH ?? '').split(delimiter)]
  const keep = (await Promise.all(keepCandidates.map((dir) => directoryAt(dir, true)))).filter((d): d is string => d !== undefined)
  return {
    runDirs: [...new Set(runDirs)],
    runtimeDir: await directoryAt(env.XDG_RUNTIME_DIR, true),
    envSockets: await sockets(pathCandidatesOf(env)),
    hostSockets: await sockets(pathSocketsOf(await readBounded('/proc/net/unix', MAX_PROC_NET_UNIX_BYTES))),
    keep,
  }
}
