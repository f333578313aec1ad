// @dsh-pure
import type { ConfinedPolicy } from '../layout'
import { PRIVATE_TMP } from '../layout'

export interface BwrapLayoutOptions {
  /** The resolved bubblewrap executable. */
  readonly bwrapPath: string
  /** Keep the host network namespace (true) or give the sandbox only a loopback (false). */
  readonly shareNetwork: boolean
  /** Size cap of each private tmpfs. */
  readonly tmpfsSizeBytes: number
  /** Canonical absolute working directory to re-enter inside the sandbox. */
  readonly cwd?: string
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
 * - workspace-write only: a bounded private tmpfs on `/tmp`, then the workspace root
 *   bound read-write (after the tmpfs, so a workspace under /tmp stays visible);
 * - TMPDIR pointing at the writable scratch (`/dev/shm` in read-only, `/tmp` in
 *   workspace-write) so here-documents and mktemp work;
 * - `--unshare-pid` (host pids stay real from outside; inside, /proc only shows the
 *   sandbox, so `/proc/<host pid>/root` cannot reach the writable host mounts);
 * - `--die-with-parent` (the sandbox dies with its launcher) and `--cap-drop ALL` (a root
 *   host cannot remount or reconfigure from inside);
 * - never `--new-session`: it would detach the shell from its terminal and break job control.
 */
export function bwrapArgv(argv: readonly string[], policy: ConfinedPolicy, options: BwrapLayoutOptions): string[] {
  const size = String(options.tmpfsSizeBytes)
  const writable = policy.mode === 'workspace-write'
    ? ['--size', size, '--tmpfs', PRIVATE_TMP, '--bind', policy.workspaceRoot, policy.workspaceRoot]
    : []
  return [
    options.bwrapPath,
    '--ro-bind', '/', '/',
    '--dev', '/dev',
    '--size', size, '--tmpfs', '/dev/shm',
    '--remount-ro', '/dev',
    '--proc', '/proc',
    '--ro-bind', '/proc/sys', '/proc/sys',
    ...writable,
    '--setenv', 'TMPDIR', policy.mode === 'workspace-write' ? PRIVATE_TMP : '/dev/shm',
    '--unshare-pid',
    ...(options.shareNetwork ? [] : ['--unshare-net']),
    '--die-with-parent',
    '--cap-drop', 'ALL',
    ...(options.cwd === undefined ? [] : ['--chdir', options.cwd]),
    '--',
    ...argv,
  ]
}
