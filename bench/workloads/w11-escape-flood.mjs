// W11 escape floods: 5 MB of escape sequences in one send, the output a hostile or merely
// colourful program can produce. `colour`: an SGR per line (`ESC[1m x`, a colourful build
// log taken to the extreme); `query`: a cursor-position query per line (`ESC[6n`, which the
// stack must answer only while a program reads raw input, and never without bound). Figures:
// time to ready and the host's peak RSS growth; the done token must arrive, `stdin_read`.
import { floodTrials, reasonsOf, tailOf } from '../harness/flood.mjs'

export const id = 'W11'
export const title = 'escape-sequence flood (5 MB)'
export const variants = ['colour', 'query']
const TRIALS = { full: 3, quick: 1 }
const BYTES = 5_000_000

const COMMANDS = {
  colour: `yes $'\\e[1mx' | head -c ${BYTES}; echo; echo w11-d$((40+2))ne`,
  query: `yes $'\\e[6nx' | head -c ${BYTES}; echo; echo w11-d$((40+2))ne`,
}

export async function runFlood(contender, variant, { quick }) {
  const { results, rssGrowthMb } = await floodTrials(contender, COMMANDS[variant], TRIALS[quick ? 'quick' : 'full'])
  return {
    samples: results.map((r) => r.ms),
    wrong: 0,
    missing: results.filter((r) => !tailOf(r).includes('\nw11-d42ne\n') || r.reason !== 'stdin_read').length,
    extra: { reasons: reasonsOf(results), rssGrowthMb },
  }
}
