import { nodeProcFs } from '../proc/node-proc-fs'
import { PsInspector } from './darwin'
import { LinuxInspector } from './linux'
import { nodeRunner } from './node-runner'
import { syscallTableFor } from './syscall-table'
import type { ProcessInspector } from './types'

export type { ProcessInspector, ProcessRow, TerminalRef, ForegroundGroup } from './types'

/**
 * The platform's process inspector, chosen once at load: /proc on Linux (with the syscall
 * table of this architecture, if it has one), ps everywhere else. Nothing else in this
 * package branches on the platform.
 */
export const platformInspector: ProcessInspector =
  process.platform === 'linux'
    ? new LinuxInspector(nodeProcFs, syscallTableFor(process.arch), () => new Promise((resolve) => setImmediate(resolve)))
    : new PsInspector(nodeRunner)
