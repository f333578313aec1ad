// Summary statistics of one sample set (milliseconds, or any unit the caller keeps).

/** Nearest-rank percentile of an ascending array (p in 0..100). */
export function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN
  const rank = Math.ceil((p / 100) * sorted.length)
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]
}

/** min / median / p95 / max / mean over the samples; NaN fields for an empty set. */
export function summarize(samples) {
  const sorted = [...samples].sort((a, b) => a - b)
  const n = sorted.length
  const median = n === 0 ? Number.NaN : n % 2 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
  return {
    n,
    min: n ? sorted[0] : Number.NaN,
    median,
    p95: percentile(sorted, 95),
    max: n ? sorted[n - 1] : Number.NaN,
    mean: n ? sorted.reduce((s, v) => s + v, 0) / n : Number.NaN,
  }
}

/** A wall-clock stopwatch in fractional milliseconds. */
export function stopwatch() {
  const start = process.hrtime.bigint()
  return () => Number(process.hrtime.bigint() - start) / 1e6
}
