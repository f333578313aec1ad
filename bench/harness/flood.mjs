// One flood send per trial in a fresh session: the send's result and the host's peak RSS
// growth during it (VmHWM after resetting it through /proc/<pid>/clear_refs, else VmRSS).
import { peakRssMb, resetPeakRss, rssMb } from './procfs.mjs'

/** A flood may take long on a loaded machine; the send's own timeout still applies. */
export const FLOOD_TIMEOUT_MS = 120_000

/** Run `trials` floods of `command`; returns each send's result and the largest RSS growth. */
export async function floodTrials(contender, command, trials) {
  const results = []
  let rssGrowthMb = 0
  for (let t = 0; t < trials; t++) {
    const session = await contender.open()
    try {
      const pid = contender.hostPid()
      const before = rssMb(pid)
      const peakReset = resetPeakRss(pid)
      const r = await session.send(command, { timeoutMs: FLOOD_TIMEOUT_MS })
      rssGrowthMb = Math.max(rssGrowthMb, peakReset ? peakRssMb(pid) - before : rssMb(pid) - before)
      results.push(r)
    } finally {
      await session.close()
    }
  }
  return { results, rssGrowthMb }
}

/** The send's output tail with CRs removed (what the done-token checks look at). */
export const tailOf = (r) => (r.tail ?? r.output).replace(/\r/g, '')

/** How many sends settled each way. */
export function reasonsOf(results) {
  const reasons = {}
  for (const r of results) reasons[r.reason] = (reasons[r.reason] ?? 0) + 1
  return reasons
}
