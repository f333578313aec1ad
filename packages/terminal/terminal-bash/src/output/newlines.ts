// @dsh-pure
/**
 * Newline positions found with native `indexOf` scans: no per-line strings, so counting
 * the lines of a flood costs no allocation. Forward scans are preferred: `indexOf` is
 * several times faster than `lastIndexOf` on V8.
 */

/** Newlines in `text[0, end)` (all of them by default). */
export function newlinesBefore(text: string, end = text.length): number {
  let count = 0
  let nl = text.indexOf('\n')
  while (nl !== -1 && nl < end) {
    count++
    nl = text.indexOf('\n', nl + 1)
  }
  return count
}

/** The index of the `k`-th newline counted back from the end (1-based); -1 when there are fewer. */
export function newlineFromEnd(text: string, k: number): number {
  let nl = text.length
  for (let i = 0; i < k && nl !== -1; i++) nl = nl === 0 ? -1 : text.lastIndexOf('\n', nl - 1)
  return nl
}

/**
 * The index just after the `n`-th newline (1-based) of `text`, which holds `total`
 * newlines (1 <= n <= total). Scans backwards only when that is much shorter.
 */
export function newlineAfter(text: string, n: number, total: number): number {
  if (4 * (total - n + 1) < n) return newlineFromEnd(text, total - n + 1) + 1
  let nl = -1
  for (let i = 0; i < n; i++) nl = text.indexOf('\n', nl + 1)
  return nl + 1
}
