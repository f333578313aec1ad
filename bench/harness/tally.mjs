// The per-send bookkeeping every latency workload shares: samples, wait reasons, wrong and
// missing counts, and a few verbatim examples of the bad sends for the JSON.

/** Wrong or missing outputs kept verbatim in the JSON, to diagnose them. */
export const MAX_EXAMPLES = 10

export class Tally {
  samples = []
  reasons = {}
  wrong = 0
  missing = 0
  examples = []

  /** Record one send: its latency, its wait reason, and (when bad) an example. */
  add(ms, reason, { wrong = false, missing = false, example } = {}) {
    this.samples.push(ms)
    this.reasons[reason] = (this.reasons[reason] ?? 0) + 1
    if (wrong) this.wrong++
    if (missing) this.missing++
    if ((wrong || missing) && example && this.examples.length < MAX_EXAMPLES) this.examples.push(example)
  }

  /** The workload result; `extra` adds to `{reasons}`. */
  result(extra = {}) {
    return { samples: this.samples, wrong: this.wrong, missing: this.missing, extra: { reasons: this.reasons, ...extra } }
  }
}
