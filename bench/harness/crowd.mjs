// A crowd of idle processes elsewhere on the machine (not in any session), so whatever a
// close scans or reads scales with a realistic process table.
import { spawn } from 'node:child_process'
import { processTable } from './procfs.mjs'

/** Bound on starting the crowd (2,000 fork+exec of sleep take a few seconds). */
const CROWD_START_MS = 120_000
const CROWD_POLL_MS = 50

/** Start `count` sleeping processes in one process group; resolves once they all run. */
export async function startCrowd(count) {
  const leader = spawn('/bin/bash', ['-c', `for i in $(seq ${count}); do sleep 3600 & done; wait`], {
    detached: true,
    stdio: 'ignore',
  })
  const exited = new Promise((resolve) => leader.once('exit', resolve))
  const deadline = Date.now() + CROWD_START_MS
  for (;;) {
    const members = processTable().filter((p) => p.pgrp === leader.pid && p.comm === 'sleep').length
    if (members >= count) break
    if (Date.now() > deadline) {
      process.kill(-leader.pid, 'SIGKILL')
      throw new Error(`the crowd reached only ${members} of ${count} processes`)
    }
    await new Promise((r) => setTimeout(r, CROWD_POLL_MS))
  }
  return {
    size: count,
    /** Kill the whole crowd (its process group) and wait for its leader. */
    async stop() {
      try {
        process.kill(-leader.pid, 'SIGKILL')
      } catch {
        // already gone
      }
      await exited
    },
  }
}
