// W2 external command: `/bin/true` (a fork+exec per send), ready at the shell prompt.
export const id = 'W2'
export const title = 'external command (/bin/true)'
const COUNT = { full: 100, quick: 20 }
const WARMUP = 3

export async function run(contender, { quick }) {
  const session = await contender.open()
  const samples = []
  const reasons = {}
  let missing = 0
  try {
    for (let i = 0; i < WARMUP; i++) await session.send('/bin/true')
    for (let i = 0; i < COUNT[quick ? 'quick' : 'full']; i++) {
      const r = await session.send('/bin/true')
      samples.push(r.ms)
      reasons[r.reason] = (reasons[r.reason] ?? 0) + 1
      if (r.reason !== 'stdin_read') missing++
    }
  } finally {
    await session.close()
  }
  return { samples, wrong: 0, missing, extra: { reasons } }
}
