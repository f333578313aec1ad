// @dsh-pure
import { EMPTY_HOST_VIEW, type HostView } from '../host-view'
import { type ConfinedPolicy, PRIVATE_TMP, isWithin } from '../layout'
import { effectiveMasks, maskArgs, protectArgs, socketArgs } from './mount-plan'

export interface BwrapLayoutOptions {
  /** The resolved bubblewrap executable. */
  readonly bwrapPath: string
  /** Keep the host network namespace (true) or give the sandbox only a loopback (false). */
  readonly shareNetwork: boolean
  /** Size cap of each private tmpfs. */
  readonly tmpfsSizeBytes: number
  /** Canonical absolute working directory to re-enter inside the sandbox. */
  readonly cwd?: string
  /** Host paths to keep read-only and socket locations to hide (default: none). */
  readonly view?: HostView
}

/**
 * The bubblewrap command line that runs `argv` under `policy`:
 *
 * - the host root read-only (`--ro-bind / /`, recursively, every submount too);
 * - bwrap's own minimal `/dev` (null, zero, full, random, urandom, tty, the terminal as
 *   /dev/console, pts) with a bounded private tmpfs on `/dev/shm`; the `/dev` directory
 *   itself is then remounted read-only (the device nodes, pts and shm are their own mounts
 *   and stay usable), so no unbounded scratch is left there;
 * - a fresh `/proc` for the new pid namespace, with `/proc/sys` read-only (sysctls are
 *   global; a uid-0 shell could otherwise write them);
 * - a bounded private tmpfs on `/tmp` in both modes (the host's `/tmp` holds other users'
 *   and services' sockets, e.g. ssh-agent's), TMPDIR pointing at it;
 * - the socket locations of the view (`/run`, `$XDG_RUNTIME_DIR`, directories of sockets
 *   named in the environment) replaced by empty read-only directories, and every other host
 *   socket file covered with /dev/null;
 * - the workspace root: bound read-write in workspace-write, put back read-only in
 *   read-only when a mask hid it; then (workspace-write) the view's protected paths inside
 *   it read-only, their ancestors pinned;
 * - `--unshare-pid` (host pids stay real from outside; inside, /proc only shows the
 *   sandbox, so `/proc/<host pid>/root` cannot reach the writable host mounts);
 * - `--die-with-parent` (the sandbox dies with its launcher) and `--cap-drop ALL` (a root
 *   host cannot remount or reconfigure from inside);
 * - never `--new-session`: it would detach the shell from its terminal and break job control.
 */
export function bwrapArgv(argv: readonly string[], policy: ConfinedPolicy, options: BwrapLayoutOptions): string[] {
  const view = options.view ?? EMPTY_HOST_VIEW
  const size = String(options.tmpfsSizeBytes)
  const root = policy.workspaceRoot
  const masks = effectiveMasks(view)
  const outer = masks.filter((dir) => !isWithin(dir, root) || dir === root)
  const inner = masks.filter((dir) => isWithin(dir, root) && dir !== root)
  const hidden = [PRIVATE_TMP, ...outer].some((dir) => isWithin(root, dir))
  const workspace = policy.mode === 'workspace-write'
    ? ['--bind', root, root, ...maskArgs(inner, view), ...protectArgs(policy, view.protectedPaths)]
    : [...(hidden ? ['--ro-bind', root, root] : []), ...maskArgs(inner, view)]
  return [
    options.bwrapPath,
    '--ro-bind', '/', '/',
    '--dev', '/dev',
    '--size', size, '--tmpfs', '/dev/shm',
    '--remount-ro', '/dev',
    '--proc', '/proc',
    '--ro-bind', '/proc/sys', '/proc/sys',
    '--size', size, '--tmpfs', PRIVATE_TMP,
    ...maskArgs(outer, view),
    ...workspace,
    ...socketArgs(view),
    '--setenv', 'TMPDIR', PRIVATE_TMP,
    '--unshare-pid',
    ...(options.shareNetwork ? [] : ['--unshare-net']),
    '--die-with-parent',
    '--cap-drop', 'ALL',
    ...(options.cwd === undefined ? [] : ['--chdir', options.cwd]),
    '--',
    ...argv,
  ]
}
