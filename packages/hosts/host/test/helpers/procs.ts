import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

// Shared by the tests of every front (headless, mcp, ...): paths and /proc checks.

/** The repo root. */
export const REPO_ROOT = fileURLToPath(new URL('../../../../../', import.meta.url))
/** The default composition (the terminal family mounted, workspace-write through bubblewrap). */
export const ROOT_YML = `${REPO_ROOT}cordis.yml`
/** The root composition plus test-only tools (fixtures/test-tools.js). */
export const TEST_TOOLS_YML = fileURLToPath(new URL('../fixtures/with-test-tools.yml', import.meta.url))
/** The base composition (no sandbox policy, no terminal) plus test-only tools. */
export const BASE_TEST_TOOLS_YML = fileURLToPath(new URL('../fixtures/base-with-test-tools.yml', import.meta.url))

/** True when the pid no longer runs (gone, or a zombie waiting to be reaped). */
export function processGone(pid: number): boolean {
  if (process.platform !== 'linux') {
    try { process.kill(pid, 0); return false } catch { return true }
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const state = stat.slice(stat.lastIndexOf(')') + 2)[0]
    return state === 'Z' || state === 'X'
  } catch {
    return true
  }
}

/** Live (non-zombie) descendants of a process, from /proc (Linux). */
export function liveDescendants(root: number): number[] {
  const parentOf = new Map<number, { ppid: number, state: string }>()
  for (const name of readdirSafe('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      parentOf.set(Number(name), { ppid: Number(fields[1]), state: fields[0]! })
    } catch { /* exited while scanning */ }
  }
  const found: number[] = []
  const parents = new Set([root])
  let grew = true
  while (grew) {
    grew = false
    for (const [pid, { ppid }] of parentOf) {
      if (parents.has(ppid) && !parents.has(pid)) { parents.add(pid); found.push(pid); grew = true }
    }
  }
  return found.filter((pid) => !['Z', 'X'].includes(parentOf.get(pid)!.state))
}

function readdirSafe(dir: string): string[] {
  try { return readdirSync(dir) } catch { return [] }
}
