// W4 flood: `seq 1 2000000` in one send (about 16.9 MB through the PTY): time to ready,
// bytes seen, the result size against the cap, and the peak RSS growth of the host process.
import { floodTrials, reasonsOf, tailOf } from '../harness/flood.mjs'

export const id = 'W4'
export const title = 'flood (seq 1 2000000)'
const TRIALS = { full: 3, quick: 1 }
const LAST = '2000000'

export async function run(contender, { quick }) {
  const { results, rssGrowthMb } = await floodTrials(contender, `seq 1 ${LAST}`, TRIALS[quick ? 'quick' : 'full'])
  const bytes = results.flatMap((r) => (r.bytes === undefined ? [] : [r.bytes]))
  const resultBytes = results.flatMap((r) => (r.resultBytes === undefined ? [] : [r.resultBytes]))
  return {
    samples: results.map((r) => r.ms),
    wrong: 0,
    missing: results.filter((r) => !tailOf(r).includes(`\n${LAST}\n`) || r.reason !== 'stdin_read').length,
    extra: {
      reasons: reasonsOf(results),
      bytesSeen: bytes.length ? Math.max(...bytes) : undefined,
      maxResultBytes: resultBytes.length ? Math.max(...resultBytes) : undefined,
      rssGrowthMb,
    },
  }
}
