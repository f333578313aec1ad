// W5 concurrency: many sessions each doing W1 sends, all in parallel. Reports the wall time,
// every send's latency, and cross-talk (a token of another session in a send's output).
import { shellToken, tokensIn } from '../harness/tokens.mjs'
import { MAX_EXAMPLES } from '../harness/tally.mjs'

export const id = 'W5'
export const title = 'concurrency (sessions x echo sends)'
const SHAPE = { full: { sessions: 64, sends: 50 }, quick: { sessions: 16, sends: 10 } }

async function drive(session, tag, sends, samples, counts) {
  for (let i = 0; i < sends; i++) {
    const { text, token } = shellToken(tag)
    const r = await session.send(text)
    samples.push(r.ms)
    counts.reasons[r.reason] = (counts.reasons[r.reason] ?? 0) + 1
    const found = tokensIn(r.output)
    const bad = !found.includes(token) || found.some((t) => t !== token)
    if (!found.includes(token)) counts.missing++
    if (found.some((t) => !t.startsWith(`s${tag}t`))) counts.crossTalk++
    else if (found.some((t) => t !== token)) counts.wrong++
    if (bad && counts.examples.length < MAX_EXAMPLES) {
      counts.examples.push({ session: tag, send: i, text, expected: token, reason: r.reason, ms: r.ms, output: r.output.slice(0, 300) })
    }
  }
}

export async function run(contender, { quick }) {
  const { sessions, sends } = SHAPE[quick ? 'quick' : 'full']
  const opened = await Promise.all(Array.from({ length: sessions }, () => contender.open()))
  const samples = []
  const counts = { missing: 0, wrong: 0, crossTalk: 0, reasons: {}, examples: [] }
  let wallMs
  try {
    const start = performance.now()
    await Promise.all(opened.map((s, i) => drive(s, i + 1, sends, samples, counts)))
    wallMs = performance.now() - start
  } finally {
    await Promise.all(opened.map((s) => s.close()))
  }
  return {
    samples,
    wrong: counts.wrong + counts.crossTalk,
    missing: counts.missing,
    extra: { sessions, sends, wallMs, crossTalk: counts.crossTalk, reasons: counts.reasons, examples: counts.examples },
  }
}
