// @dsh-pure
/**
 * Newline positions found with native `indexOf` scans: no per-line strings, so counting
 * the lines of a flood costs no allocation.
 */

/** Newlines counted back from the end of `text`, at most `limit`, and the index of the last one counted (-1: none). */
export function newlinesFromEnd(text: string, limit: number): { count: number; index: number } {
  let count = 0
  let index = -1
  let from = text.length - 1
  while (count < limit && from >= 0) {
    const nl = text.lastIndexOf('\n', from)
    if (nl === -1) break
    count++
    index = nl
    from = nl - 1
  }
  return { count, index }
}

/** Newlines in `text[0, end)`. */
export function newlinesBefore(text: string, end: number): number {
  let count = 0
  let nl = text.indexOf('\n')
  while (nl !== -1 && nl < end) {
    count++
    nl = text.indexOf('\n', nl + 1)
  }
  return count
}

/**
 * The index just after the `n`-th newline (1-based) of `text`, which holds `total`
 * newlines (1 <= n <= total). Scans from whichever end is nearer.
 */
export function newlineAfter(text: string, n: number, total: number): number {
  if (n > total / 2) return newlinesFromEnd(text, total - n + 1).index + 1
  let nl = -1
  for (let i = 0; i < n; i++) nl = text.indexOf('\n', nl + 1)
  return nl + 1
}
