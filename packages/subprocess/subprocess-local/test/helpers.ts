import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { ForegroundInspection, SubprocessTerminalHandle } from 'dsh-subprocess'
import { afterEach } from 'vitest'
import { platformInspector } from '../src/inspect'
import type { ProcessInspector } from '../src/inspect/types'
import type { LocalTerminal } from '../src/spawn/local-terminal'
import { spawnLocalTerminal } from '../src/spawn/spawn-terminal'
import type { SpawnTerminalOptions } from 'dsh-subprocess'
import { nodeTeardownDeps } from '../src/teardown/node-deps'

/** Bound on every wait for a real process: only reached when something is broken. */
export const WAIT_MS = 20_000
/** Re-check period while waiting for a condition on a real process. */
const POLL_MS = 10

export const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url))

/** Fail with an install hint when a tool the test needs is missing. */
export function requireTool(path: string, install: string): string {
  if (!existsSync(path)) throw new Error(`${path} is missing: ${install}`)
  return path
}

const open = new Set<SubprocessTerminalHandle>()

/** Every test closes what it opens: handles still open after a test are terminated. */
afterEach(async () => {
  const left = [...open]
  open.clear()
  await Promise.all(left.map((h) => h.terminate()))
})

export interface Terminal {
  readonly handle: LocalTerminal
  /** All output so far. */
  text(): string
  /** Resolve once the output (after `from`) matches, or fail after WAIT_MS with the output. */
  waitFor(pattern: RegExp, from?: number): Promise<RegExpMatchArray>
}

export async function openTerminal(
  options: Partial<SpawnTerminalOptions> & { argv: readonly string[] },
  inspector: ProcessInspector = platformInspector,
  { keepText = true }: { keepText?: boolean } = {},
): Promise<Terminal> {
  const handle = await spawnLocalTerminal({ cwd: '/tmp', ...options }, {
    defaults: { rows: 24, cols: 80, graceMs: 3000 },
    inspector,
    teardown: nodeTeardownDeps(inspector),
    hostEnv: process.env,
    onListenerError: (error) => { throw error },
  })
  open.add(handle)
  let output = ''
  const waiters = new Set<() => void>()
  if (keepText) {
    handle.onData((chunk) => {
      output += chunk
      for (const w of waiters) w()
    })
  }
  return {
    handle,
    text: () => output,
    waitFor: (pattern, from = 0) => new Promise((resolve, reject) => {
      const check = () => {
        const m = output.slice(from).match(pattern)
        if (m) {
          waiters.delete(check)
          clearTimeout(timer)
          resolve(m)
        }
      }
      const timer = setTimeout(() => {
        waiters.delete(check)
        reject(new Error(`no ${pattern} within ${WAIT_MS} ms; output was: ${JSON.stringify(output.slice(-2000))}`))
      }, WAIT_MS)
      waiters.add(check)
      check()
    }),
  }
}

/** Poll until `fn` returns a value, or fail after WAIT_MS naming the last value seen. */
export async function waitUntil<T>(what: string, fn: () => Promise<T | undefined> | T | undefined): Promise<T> {
  const deadline = Date.now() + WAIT_MS
  let last: unknown
  for (;;) {
    try {
      const value = await fn()
      if (value !== undefined) return value
    } catch (error) {
      last = error
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last error: ${String(last)}`)
    await new Promise((r) => setTimeout(r, POLL_MS))
  }
}

/** Poll inspectForeground until `accept` holds; returns that inspection. */
export function inspectUntil(
  handle: SubprocessTerminalHandle, what: string, accept: (i: ForegroundInspection) => boolean,
): Promise<ForegroundInspection> {
  let last: ForegroundInspection | undefined
  return waitUntil(what, async () => {
    last = await handle.inspectForeground()
    return accept(last) ? last : undefined
  }).catch((error: unknown) => {
    throw new Error(`${String(error)}; last inspection: ${JSON.stringify(last)}`)
  })
}

/** True while a process with this pid and start time exists and is not a zombie. */
export function isRunning(pid: number, start?: string): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return fields[0] !== 'Z' && fields[0] !== 'X' && (start === undefined || fields[19] === start)
  } catch {
    return false
  }
}

/** Start time (field 22) of a live pid. */
export function startOf(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]!
}

/** A bash at its prompt, with a recognisable prompt. */
export const BASH = ['/bin/bash', '--noprofile', '--norc', '-i']
export const BASH_ENV = { PS1: 'PROMPT> ', TERM: 'dumb', HISTFILE: '/dev/null' }
