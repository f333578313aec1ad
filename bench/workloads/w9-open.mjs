// W9 open: a new shell session to its first ready prompt (ours: terminal_open).
import { stopwatch } from '../harness/stats.mjs'

export const id = 'W9'
export const title = 'open to ready prompt'
const COUNT = { full: 20, quick: 5 }

export async function run(contender, { quick }) {
  const samples = []
  for (let i = 0; i < COUNT[quick ? 'quick' : 'full']; i++) {
    const elapsed = stopwatch()
    const session = await contender.open()
    samples.push(elapsed())
    await session.close()
  }
  return { samples, wrong: 0, missing: 0, extra: {} }
}
