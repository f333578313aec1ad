import { setTimeout as delay } from 'node:timers/promises'
import type { ProcessInspector } from '../inspect/types'
import { familyOf, type Identity, isAlive } from './identity'
import type { TeardownDeps, TeardownSignal } from './tear-down'

/** process.kill that reports instead of throwing: false when the target is gone or foreign. */
export function sendSignal(pid: number, signal: TeardownSignal | NodeJS.Signals): boolean {
  try {
    process.kill(pid, signal)
    return true
  } catch {
    return false
  }
}

/** Teardown over the platform inspector, real signals and real timers. */
export function nodeTeardownDeps(inspector: ProcessInspector): TeardownDeps {
  return {
    scan: () => inspector.scan(),
    lookup: (pids) => inspector.lookup(pids),
    kill: sendSignal,
    sleep: (ms) => delay(ms),
    now: () => performance.now(),
  }
}

/**
 * Last-resort, synchronous SIGKILL of a terminal's tree, for the host's 'exit' event where
 * nothing asynchronous runs any more. Identity-checked like the normal teardown.
 */
export function killTreeSync(inspector: ProcessInspector, top: Identity): void {
  const rows = inspector.scanSync()
  for (const row of familyOf(rows, top, new Map())) sendSignal(row.pid, 'SIGKILL')
  if (isAlive(top, rows.find((r) => r.pid === top.pid))) sendSignal(top.pid, 'SIGKILL')
}
