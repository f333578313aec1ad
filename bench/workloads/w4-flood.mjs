// W4 flood: `seq 1 2000000` in one send (about 16.9 MB through the PTY): time to ready,
// bytes seen, the result size against the cap, and the peak RSS growth of the host process.
import { peakRssMb, resetPeakRss, rssMb } from '../harness/procfs.mjs'

export const id = 'W4'
export const title = 'flood (seq 1 2000000)'
const TRIALS = { full: 3, quick: 1 }
const LAST = '2000000'
/** A flood may take long on a loaded machine; the send's own timeout still applies. */
const FLOOD_TIMEOUT_MS = 120_000

export async function run(contender, { quick }) {
  const samples = []
  const bytes = []
  const resultBytes = []
  const rssGrowthMb = []
  const reasons = {}
  let missing = 0
  for (let t = 0; t < TRIALS[quick ? 'quick' : 'full']; t++) {
    const session = await contender.open()
    try {
      const pid = contender.hostPid()
      const before = rssMb(pid)
      const peakReset = resetPeakRss(pid)
      const r = await session.send(`seq 1 ${LAST}`, { timeoutMs: FLOOD_TIMEOUT_MS })
      rssGrowthMb.push(peakReset ? peakRssMb(pid) - before : rssMb(pid) - before)
      samples.push(r.ms)
      reasons[r.reason] = (reasons[r.reason] ?? 0) + 1
      if (r.bytes !== undefined) bytes.push(r.bytes)
      if (r.resultBytes !== undefined) resultBytes.push(r.resultBytes)
      const tail = (r.tail ?? r.output).replace(/\r/g, '')
      if (!tail.includes(`\n${LAST}\n`) || r.reason !== 'stdin_read') missing++
    } finally {
      await session.close()
    }
  }
  return {
    samples,
    wrong: 0,
    missing,
    extra: {
      reasons,
      bytesSeen: bytes.length ? Math.max(...bytes) : undefined,
      maxResultBytes: resultBytes.length ? Math.max(...resultBytes) : undefined,
      rssGrowthMb: Math.max(...rssGrowthMb),
    },
  }
}
