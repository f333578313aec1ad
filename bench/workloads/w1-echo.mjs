// W1 shell round trip: `echo` of a child-computed token, checked in the send's own output.
import { Tally } from '../harness/tally.mjs'
import { shellToken, tokensIn } from '../harness/tokens.mjs'

export const id = 'W1'
export const title = 'shell round trip (echo token)'
const COUNT = { full: 200, quick: 50 }
const WARMUP = 5

/** One send of W1 on `session`: its latency and whether the token was missing or wrong. */
export async function echoOnce(session, tag) {
  const { text, token } = shellToken(tag)
  const r = await session.send(text)
  const found = tokensIn(r.output)
  return {
    ms: r.ms,
    reason: r.reason,
    missing: !found.includes(token),
    wrong: found.some((t) => t !== token),
    example: { text, expected: token, reason: r.reason, ms: r.ms, output: r.output.slice(0, 300) },
  }
}

export async function run(contender, { quick }) {
  const session = await contender.open()
  const tally = new Tally()
  try {
    for (let i = 0; i < WARMUP; i++) await echoOnce(session, 0)
    for (let i = 0; i < COUNT[quick ? 'quick' : 'full']; i++) {
      const r = await echoOnce(session, 1)
      tally.add(r.ms, r.reason, { wrong: r.wrong, missing: r.missing, example: { send: i, ...r.example } })
    }
  } finally {
    await session.close()
  }
  return tally.result({ examples: tally.examples })
}
