// @dsh-pure
import { SandboxError } from 'dsh-sandbox'
import { PRIVATE_TMP, REPLACED_DIRS, isWithin } from '../layout'

/** What the host survey found about unix sockets (all paths canonical and absolute). */
export interface SocketFacts {
  /** `/run`, and `/var/run` when it is a directory of its own rather than a link to /run. */
  readonly runDirs: readonly string[]
  /** `$XDG_RUNTIME_DIR` when it names an existing directory. */
  readonly runtimeDir?: string
  /** Existing sockets whose paths appear in the environment. */
  readonly envSockets: readonly string[]
  /** Existing path sockets the host's network namespace lists in /proc/net/unix. */
  readonly hostSockets: readonly string[]
  /** Directories no mask may hide: $HOME, the working directory, PATH entries. */
  readonly keep: readonly string[]
}

/** Most socket files covered one by one; past it the confine fails closed. */
export const MAX_SOCKET_FILES = 4096

/**
 * Which directories to replace with empty ones and which socket files to cover. `/run`,
 * `/var/run` and `$XDG_RUNTIME_DIR` are masked; so is the directory of every socket named
 * in the environment, unless it is `/` or a top-level directory, or holds the workspace
 * root, $HOME, the working directory or a PATH entry (then only the socket file is covered).
 * Every other socket that would stay visible is covered with /dev/null.
 */
export function planSocketMasks(facts: SocketFacts, workspaceRoot: string): { maskedDirs: string[]; socketFiles: string[] } {
  const keep = [...facts.keep, workspaceRoot]
  const maskable = (dir: string) => dir.split('/').length > 2 && !keep.some((k) => isWithin(k, dir))
  const dirs = new Set<string>(facts.runDirs)
  if (facts.runtimeDir !== undefined && maskable(facts.runtimeDir)) dirs.add(facts.runtimeDir)
  for (const socket of facts.envSockets) {
    const dir = socket.slice(0, socket.lastIndexOf('/'))
    if (maskable(dir)) dirs.add(dir)
  }
  const maskedDirs = [...dirs].sort()
  const hidden = (path: string) =>
    REPLACED_DIRS.some((dir) => isWithin(path, dir)) ||
    ([PRIVATE_TMP, ...maskedDirs].some((dir) => isWithin(path, dir)) && !isWithin(path, workspaceRoot))
  const socketFiles = [...new Set([...facts.envSockets, ...facts.hostSockets])].filter((path) => !hidden(path)).sort()
  if (socketFiles.length > MAX_SOCKET_FILES) {
    throw new SandboxError(
      'SANDBOX_UNAVAILABLE',
      `sandbox: the host has ${socketFiles.length} unix sockets outside /run and /tmp, more than the ${MAX_SOCKET_FILES} the sandbox covers one by one, so nothing was started; stop services that leave sockets behind, or choose sandbox mode danger-full-access explicitly to run unconfined`,
    )
  }
  return { maskedDirs, socketFiles }
}
