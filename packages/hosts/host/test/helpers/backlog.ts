import type { ChildProcessWithoutNullStreams } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { Waiters } from './waiters'

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

/** The ids a JSON-lines server answered with a result, as its stdout arrives. */
export interface Answers {
  readonly ids: Set<number>
  /** Resolve once `count` distinct ids were answered (rejects after WAIT_MS). */
  until(what: string, count: number): Promise<void>
  /** Resolve once `id` was answered. */
  answered(id: number): Promise<void>
}

export function trackAnswers(server: ChildProcessWithoutNullStreams): Answers {
  const ids = new Set<number>()
  const waiters = new Waiters()
  let partial = ''
  server.stdout.setEncoding('utf8')
  server.stdout.on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n')
    partial = lines.pop()!
    for (const line of lines) {
      const message = JSON.parse(line) as { id?: number, result?: unknown }
      if (typeof message.id === 'number' && message.result !== undefined) ids.add(message.id)
    }
    waiters.notify()
  })
  const seen = () => `${ids.size} answered; partial line: ${partial.slice(0, 200)}`
  return {
    ids,
    until: (what, count) => waiters.until(what, () => (ids.size >= count ? true : undefined), seen).then(() => undefined),
    answered: (id) => waiters.until(`request ${id} answered`, () => (ids.has(id) ? true : undefined), seen).then(() => undefined),
  }
}

/** Kill a server a failing test left running, and wait for it to go. */
export async function killIfRunning(child: ChildProcessWithoutNullStreams | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return
  child.kill('SIGKILL')
  await new Promise((resolve) => child.once('exit', resolve))
}
