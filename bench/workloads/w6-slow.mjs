// W6 slow command: `sleep 2; echo do$((1+1))ne` must not return before the command ends;
// the figure is the overshoot past 2000 ms.
export const id = 'W6'
export const title = 'slow command (sleep 2; echo), overshoot ms'
const TRIALS = { full: 5, quick: 1 }
const SLEEP_MS = 2000

export async function run(contender, { quick }) {
  const session = await contender.open()
  const samples = []
  const reasons = {}
  let wrong = 0
  let missing = 0
  try {
    for (let t = 0; t < TRIALS[quick ? 'quick' : 'full']; t++) {
      const r = await session.send('sleep 2; echo do$((1+1))ne')
      samples.push(r.ms - SLEEP_MS)
      reasons[r.reason] = (reasons[r.reason] ?? 0) + 1
      if (r.ms < SLEEP_MS) wrong++
      else if (!/(^|\n)do2ne\r?\n/.test(r.output)) missing++
    }
  } finally {
    await session.close()
  }
  return { samples, wrong, missing, extra: { reasons, earlyReturns: wrong } }
}
