// W2 external command: `/bin/true` (a fork+exec per send), ready at the shell prompt.
import { Tally } from '../harness/tally.mjs'

export const id = 'W2'
export const title = 'external command (/bin/true)'
const COUNT = { full: 100, quick: 20 }
const WARMUP = 3

export async function run(contender, { quick }) {
  const session = await contender.open()
  const tally = new Tally()
  try {
    for (let i = 0; i < WARMUP; i++) await session.send('/bin/true')
    for (let i = 0; i < COUNT[quick ? 'quick' : 'full']; i++) {
      const r = await session.send('/bin/true')
      tally.add(r.ms, r.reason, { missing: r.reason !== 'stdin_read' })
    }
  } finally {
    await session.close()
  }
  return tally.result()
}
