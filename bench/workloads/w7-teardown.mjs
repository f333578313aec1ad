// W7 teardown: close a session whose tree holds 50 processes, 20 of them ignoring SIGTERM
// and SIGHUP (10 subshells that exec sleep, each with a sleeping child, plus 30 plain
// sleeps). Time to return, then survivors found by scanning /proc (must be 0).
// W7-idle: close a freshly opened idle shell.
import { descendants, survivors } from '../harness/procfs.mjs'
import { stopwatch } from '../harness/stats.mjs'

export const id = 'W7'
export const title = 'teardown of a 50-process tree'
const TRIALS = { full: 3, quick: 1 }
const IDLE = { full: 20, quick: 5 }
const TREE_SIZE = 50
/** Bound on waiting for the backgrounded processes to appear in /proc. */
const TREE_WAIT_MS = 15_000
const TREE_POLL_MS = 10

const BUILD_TREE =
  "for i in $(seq 1 10); do (trap '' TERM HUP; sleep 1000 & exec sleep 1000) & done; " +
  'for i in $(seq 1 30); do sleep 1000 & done; echo tr$((2+3))ee'

async function waitForTree(pid) {
  const elapsed = stopwatch()
  for (;;) {
    const tree = descendants(pid).filter((p) => p.comm === 'sleep')
    if (tree.length >= TREE_SIZE) return descendants(pid)
    if (elapsed() > TREE_WAIT_MS) throw new Error(`tree reached only ${tree.length} of ${TREE_SIZE} processes`)
    await new Promise((r) => setTimeout(r, TREE_POLL_MS))
  }
}

export async function run(contender, { quick }) {
  const samples = []
  let survivorCount = 0
  let missing = 0
  for (let t = 0; t < TRIALS[quick ? 'quick' : 'full']; t++) {
    const session = await contender.open()
    const r = await session.send(BUILD_TREE)
    if (!/(^|\n)tr5ee\r?\n/.test(r.output)) missing++
    const tree = await waitForTree(session.pid)
    const elapsed = stopwatch()
    await session.close()
    samples.push(elapsed())
    survivorCount += survivors(tree).length
  }
  return { samples, wrong: survivorCount, missing, extra: { treeSize: TREE_SIZE, survivors: survivorCount } }
}

/** W7-idle: close an idle shell right after it opened. */
export async function runIdle(contender, { quick }) {
  const samples = []
  let survivorCount = 0
  for (let t = 0; t < IDLE[quick ? 'quick' : 'full']; t++) {
    const session = await contender.open()
    const tree = [...descendants(session.pid)]
    const elapsed = stopwatch()
    await session.close()
    samples.push(elapsed())
    survivorCount += survivors(tree).length
  }
  return { samples, wrong: survivorCount, missing: 0, extra: { survivors: survivorCount } }
}
