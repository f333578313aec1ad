// W11 escape floods: 5 MB of escape sequences in one send, the output a hostile or merely
// colourful program can produce. `colour`: an SGR per line (`ESC[1m x`, a colourful build
// log taken to the extreme); `query`: a cursor-position query per line (`ESC[6n`, which the
// stack must answer only while a program reads raw input, and never without bound). Figures:
// time to ready and the host's peak RSS growth; the done token must arrive, `stdin_read`.
import { peakRssMb, resetPeakRss, rssMb } from '../harness/procfs.mjs'

export const id = 'W11'
export const title = 'escape-sequence flood (5 MB)'
export const variants = ['colour', 'query']
const TRIALS = { full: 3, quick: 1 }
const BYTES = 5_000_000
const FLOOD_TIMEOUT_MS = 120_000

const COMMANDS = {
  colour: `yes $'\\e[1mx' | head -c ${BYTES}; echo; echo w11-d$((40+2))ne`,
  query: `yes $'\\e[6nx' | head -c ${BYTES}; echo; echo w11-d$((40+2))ne`,
}

export async function runFlood(contender, variant, { quick }) {
  const samples = []
  const rssGrowthMb = []
  const reasons = {}
  let missing = 0
  for (let t = 0; t < TRIALS[quick ? 'quick' : 'full']; t++) {
    const session = await contender.open()
    try {
      const pid = contender.hostPid()
      const before = rssMb(pid)
      const peakReset = resetPeakRss(pid)
      const r = await session.send(COMMANDS[variant], { timeoutMs: FLOOD_TIMEOUT_MS })
      rssGrowthMb.push(peakReset ? peakRssMb(pid) - before : rssMb(pid) - before)
      samples.push(r.ms)
      reasons[r.reason] = (reasons[r.reason] ?? 0) + 1
      const tail = (r.tail ?? r.output).replace(/\r/g, '')
      if (!tail.includes('\nw11-d42ne\n') || r.reason !== 'stdin_read') missing++
    } finally {
      await session.close()
    }
  }
  return { samples, wrong: 0, missing, extra: { reasons, rssGrowthMb: Math.max(...rssGrowthMb) } }
}
