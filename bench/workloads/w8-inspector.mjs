// W8 inspector cost: one foreground probe on a python REPL group (ours: the subprocess
// handle's inspectForeground(); floor: the raw /proc reads). Every probe must say `waiting`.
import { MAX_EXAMPLES } from '../harness/tally.mjs'

export const id = 'W8'
export const title = 'foreground probe on a python REPL'
const COUNT = { full: 1000, quick: 200 }
const WARMUP = 20
/** Bound on waiting for the REPL to reach its stdin wait before timing starts. */
const SETTLE_MS = 5_000

export async function run(contender, { quick }) {
  const target = await contender.probeTarget()
  const samples = []
  let wrong = 0
  const examples = []
  try {
    // python3 keeps running for a few ms after it printed `>>> ` (readline set-up): wait
    // until it is idle in its stdin wait, so every contender probes the same state
    const since = performance.now()
    while ((await target.probe()).stdin !== 'waiting') {
      if (performance.now() - since > SETTLE_MS) throw new Error(`the python REPL never showed a stdin wait in ${SETTLE_MS} ms`)
      await new Promise((r) => setTimeout(r, 1))
    }
    for (let i = 0; i < WARMUP; i++) await target.probe()
    for (let i = 0; i < COUNT[quick ? 'quick' : 'full']; i++) {
      const start = performance.now()
      const v = await target.probe()
      samples.push(performance.now() - start)
      if (v.stdin !== 'waiting') {
        wrong++
        if (examples.length < MAX_EXAMPLES) examples.push({ probe: i, stdin: v.stdin, pgid: v.pgid, evidence: v.evidence })
      }
    }
  } finally {
    await target.close()
  }
  return { samples, wrong, missing: 0, extra: { examples } }
}
