import { type SpawnTerminalOptions, SubprocessError, scrubEnvironment } from 'dsh-subprocess'
import { spawn } from 'node-pty'
import type { Containment } from '../cgroup/containment'
import { joinCommand } from '../cgroup/join'
import type { ProcessInspector } from '../inspect/types'
import type { TeardownDeps } from '../teardown/tear-down'
import { LocalTerminal } from './local-terminal'
import { type SpawnDefaults, normalizeSpawnOptions } from './options'
import { checkCwd, findExecutable } from './preflight'

export interface SpawnContext {
  readonly defaults: SpawnDefaults
  readonly inspector: ProcessInspector
  readonly teardown: TeardownDeps
  readonly hostEnv: Readonly<Record<string, string | undefined>>
  readonly onListenerError: (error: unknown) => void
  /** Called with the handle once its terminate() succeeded. */
  readonly onTornDown?: (handle: LocalTerminal) => void
  /** Session cgroups; without them (or with kind none) teardown scans /proc. */
  readonly containment?: Containment
}

/**
 * Validate, check the working directory and the program, then start the PTY. Nothing is
 * started when a check fails or the signal is aborted; an abort rejects with its reason.
 */
export async function spawnLocalTerminal(options: SpawnTerminalOptions, context: SpawnContext): Promise<LocalTerminal> {
  const spec = normalizeSpawnOptions(options, context.defaults)
  options.signal?.throwIfAborted()
  const cwd = await checkCwd(spec.cwd)
  const env = scrubEnvironment(context.hostEnv, spec.env)
  await findExecutable(spec.argv[0]!, cwd, env.PATH)
  options.signal?.throwIfAborted()
  const cgroup = await context.containment?.create()
  // With a cgroup, a tiny /bin/sh joins it and then execs argv in the same process: the
  // shell and everything it forks start inside (see cgroup/join.ts).
  const command = cgroup ? joinCommand(cgroup.procsFiles, spec.argv) : { file: spec.argv[0]!, args: spec.argv.slice(1) }
  let pty: ReturnType<typeof spawn>
  try {
    pty = spawn(command.file, command.args, { cols: spec.cols, rows: spec.rows, cwd, env })
  } catch (cause) {
    await cgroup?.remove()
    throw new SubprocessError('SPAWN_FAILED', `could not start ${JSON.stringify(spec.argv[0])}: ${String(cause)}; check the program and the system's pty limits`, { cause })
  }
  const handle = new LocalTerminal({
    pty, argv: spec.argv, graceMs: spec.graceMs,
    inspector: context.inspector, teardown: context.teardown, onListenerError: context.onListenerError,
    onTornDown: () => context.onTornDown?.(handle),
    ...(cgroup ? { cgroup } : {}),
  })
  try {
    await handle.identify()
  } catch (cause) {
    await handle.discard()
    throw new SubprocessError('SPAWN_FAILED', `could not identify the started process ${handle.pid} (${String(cause)}); it was killed. Check that the process table is readable (/proc, or ps)`, { cause })
  }
  return handle
}
