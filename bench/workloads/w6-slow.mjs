// W6 slow command: `sleep 2; echo do$((1+1))ne` must not return before the command ends;
// the figure is the overshoot past 2000 ms.
import { Tally } from '../harness/tally.mjs'

export const id = 'W6'
export const title = 'slow command (sleep 2; echo), overshoot ms'
const TRIALS = { full: 5, quick: 1 }
const SLEEP_MS = 2000

export async function run(contender, { quick }) {
  const session = await contender.open()
  const tally = new Tally()
  try {
    for (let t = 0; t < TRIALS[quick ? 'quick' : 'full']; t++) {
      const r = await session.send('sleep 2; echo do$((1+1))ne')
      const early = r.ms < SLEEP_MS
      tally.add(r.ms - SLEEP_MS, r.reason, { wrong: early, missing: !early && !/(^|\n)do2ne\r?\n/.test(r.output) })
    }
  } finally {
    await session.close()
  }
  return tally.result({ earlyReturns: tally.wrong })
}
