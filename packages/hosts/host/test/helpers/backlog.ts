import type { ChildProcessWithoutNullStreams } from 'node:child_process'
import { readFileSync } from 'node:fs'

// For the careless-client tests of the stdio fronts: a client that writes requests and
// stops reading the answers.

/** Polls between looks at the server's read counter; STILL_POLLS unchanged looks in a row count as stopped. */
const POLL_MS = 20
const STILL_POLLS = 25

const readChars = (pid: number) => Number(/rchar:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))![1])

/** The process's peak resident memory (VmHWM) in MB. */
export const peakRssMb = (pid: number) => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024

/**
 * 'stopped': the server's read counter stands still while our requests still wait in our
 * own stream; 'drained': it read them all (and holds their answers).
 */
export async function readingStopped(server: ChildProcessWithoutNullStreams): Promise<'stopped' | 'drained'> {
  let last = -1
  let still = 0
  for (;;) {
    if (server.stdin.writableLength === 0) return 'drained'
    const now = readChars(server.pid!)
    still = now === last ? still + 1 : 0
    last = now
    if (still >= STILL_POLLS) return 'stopped'
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
}
