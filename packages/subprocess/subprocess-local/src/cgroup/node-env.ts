import { readFileSync } from 'node:fs'
import { setTimeout as delay } from 'node:timers/promises'
import { readRow } from '../inspect/linux-table'
import { nodeProcFs } from '../proc/node-proc-fs'
import { sendSignal } from '../teardown/node-deps'
import type { ContainmentEnv } from './containment'
import { nodeCgroupFs } from './node-cgroup-fs'

/** Service instances of this process so far: each gets its own host directory. */
let instances = 0

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return undefined
  }
}

/** The containment environment of this process: the real cgroup tree, /proc and signals. */
export function nodeContainmentEnv(): ContainmentEnv {
  const self = readRow(nodeProcFs, process.pid)
  return {
    fs: nodeCgroupFs,
    procCgroup: process.platform === 'linux' ? readText('/proc/self/cgroup') : undefined,
    mountinfo: process.platform === 'linux' ? readText('/proc/self/mountinfo') : undefined,
    self: { pid: process.pid, start: self?.start ?? '0', instance: ++instances },
    isAlive: (owner) => {
      const row = readRow(nodeProcFs, owner.pid)
      return row !== undefined && row.start === owner.start && row.state !== 'Z' && row.state !== 'X'
    },
    kill: (pid) => sendSignal(pid, 'SIGKILL'),
    sleep: (ms) => delay(ms),
    now: () => performance.now(),
  }
}
