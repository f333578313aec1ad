// @dsh-pure
/** Text helpers of the line renderer: whole code points, and what of a line is unseen. */

/** A surrogate half without its partner (an overwrite can split a pair). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/** The line as valid UTF-16 (so valid UTF-8): a split pair's halves become U+FFFD. */
export function wellFormed(line: string): string {
  return line.replace(LONE_SURROGATE, '\uFFFD')
}

const SURROGATE = /[\uD800-\uDFFF]/

/** A line edited in place: a surrogate pair an overwrite split becomes U+FFFD (checked only when one is there). */
export function pairsWhole(line: string): string {
  return SURROGATE.test(line) ? wellFormed(line) : line
}

/**
 * The part of `full` (a line, with its newline once it has one) not delivered yet, given
 * what was delivered of it (`mark`); undefined when nothing changed. A line that only grew
 * shows its new end when `continuation` (the previous delivery ended right there);
 * otherwise a changed line shows whole.
 */
export function unseen(full: string, mark: string | undefined, continuation: boolean): string | undefined {
  if (mark === full || mark === `${full}\n`) return undefined
  if (mark !== undefined && continuation && full.startsWith(mark)) return full.slice(mark.length)
  return full
}
