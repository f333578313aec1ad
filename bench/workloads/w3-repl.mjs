// W3 REPLs: python3 `print(a+b)`, node `a+b`, gdb `print a+b`, each inside a shell session.
// The sum is computed by the child, so it is absent from the echo; every send must settle
// `stdin_read` (the share is reported).
import { REPLS } from '../harness/prompts.mjs'
import { Tally } from '../harness/tally.mjs'
import { lines, sumProblem } from '../harness/tokens.mjs'

export const id = 'W3'
export const title = 'REPL round trip'
const COUNT = { python: { full: 200, quick: 50 }, node: { full: 100, quick: 20 }, gdb: { full: 100, quick: 20 } }
const WARMUP = 3

/** The typed text and the result line each REPL prints for a+b. */
const FORMS = {
  python: (a, b, sum) => ({ text: `print(${a}+${b})`, line: new RegExp(`^${sum}$`), any: /^\d{6,7}$/ }),
  node: (a, b, sum) => ({ text: `${a}+${b}`, line: new RegExp(`^${sum}$`), any: /^\d{6,7}$/ }),
  gdb: (a, b, sum) => ({ text: `print ${a}+${b}`, line: new RegExp(`^\\$\\d+ = ${sum}$`), any: /^\$\d+ = \d+$/ }),
}

async function once(session, repl) {
  const { a, b, sum } = sumProblem()
  const form = FORMS[repl](a, b, sum)
  const r = await session.send(form.text, { prompt: repl })
  const out = lines(r.output)
  const hit = out.some((l) => form.line.test(l))
  const others = out.filter((l) => form.any.test(l) && !form.line.test(l))
  return { ms: r.ms, reason: r.reason, missing: !hit, wrong: others.length > 0, text: form.text, expected: sum, output: r.output }
}

/** One REPL's run: start it in a fresh shell session, time the sends, close the session. */
export async function runRepl(contender, repl, { quick }) {
  const session = await contender.open()
  const tally = new Tally()
  try {
    const start = await session.send(REPLS[repl].start, { prompt: repl })
    if (start.reason === 'timeout' || start.reason === 'session_exit') {
      throw new Error(`${repl} did not start (${start.reason})`)
    }
    for (let i = 0; i < WARMUP; i++) await once(session, repl)
    for (let i = 0; i < COUNT[repl][quick ? 'quick' : 'full']; i++) {
      const r = await once(session, repl)
      const example = { send: i, text: r.text, expected: r.expected, reason: r.reason, ms: r.ms, output: r.output.slice(0, 300) }
      tally.add(r.ms, r.reason, { wrong: r.wrong, missing: r.missing, example })
    }
  } finally {
    await session.close()
  }
  const stdinReadShare = (tally.reasons.stdin_read ?? 0) / tally.samples.length
  return tally.result({ stdinReadShare, examples: tally.examples })
}

export const variants = ['python', 'node', 'gdb']
export const run = (contender, opts) => runRepl(contender, opts.variant, opts)
