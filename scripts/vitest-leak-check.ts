// Suite-level leak check, loaded as a vitest setup file for every test file.
// After all tests of a file ran, no process started by that file may still exist:
// every non-zombie descendant of this worker process fails the file, and is killed.
import { readdirSync, readFileSync } from 'node:fs'
import { execFileSync } from 'node:child_process'
import { afterAll } from 'vitest'

/** How long a descendant may take to finish exiting after the suite ended. */
const LEAK_SETTLE_MS = 2_000
/** Re-scan period while waiting for descendants to finish exiting. */
const LEAK_POLL_MS = 25

interface Proc { pid: number, ppid: number, state: string, comm: string }

function table(): Proc[] {
  if (process.platform !== 'linux') {
    const out = execFileSync('ps', ['-A', '-o', 'pid=,ppid=,stat=,comm='], { encoding: 'utf8' })
    return out.split('\n').filter(Boolean).map((line) => {
      const [pid, ppid, state, ...comm] = line.trim().split(/\s+/)
      return { pid: Number(pid), ppid: Number(ppid), state: state![0]!, comm: comm.join(' ') }
    })
  }
  const rows: Proc[] = []
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
      const close = stat.lastIndexOf(')')
      const fields = stat.slice(close + 2).split(' ')
      rows.push({ pid: Number(name), ppid: Number(fields[1]), state: fields[0]!, comm: stat.slice(stat.indexOf('(') + 1, close) })
    } catch { /* exited while scanning */ }
  }
  return rows
}

export function liveDescendants(root = process.pid): Proc[] {
  const rows = table()
  const found: Proc[] = []
  const parents = new Set([root])
  let grew = true
  while (grew) {
    grew = false
    for (const p of rows) {
      if (parents.has(p.ppid) && !parents.has(p.pid)) { parents.add(p.pid); found.push(p); grew = true }
    }
  }
  return found.filter((p) => p.state !== 'Z' && p.state !== 'X')
}

afterAll(async () => {
  const deadline = Date.now() + LEAK_SETTLE_MS
  let left = liveDescendants()
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, LEAK_POLL_MS))
    left = liveDescendants()
  }
  if (left.length === 0) return
  for (const p of left) { try { process.kill(p.pid, 'SIGKILL') } catch { /* gone */ } }
  throw new Error(`leaked child processes outlived the test file: ${left.map((p) => `${p.pid} (${p.comm})`).join(', ')}`)
})
