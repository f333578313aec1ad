// @dsh-pure
import type { TerminalOmission } from 'dsh-terminal'

/**
 * Room a send result keeps for everything but the viewport: the `[wait: ...]` and
 * `[session: ...]` lines, the omission marker and a truncation marker. The backend is asked
 * for a viewport of at most maxResultBytes minus this, so its head-and-tail cut (with exact
 * paging numbers) is the only cut the model sees.
 */
export const VIEWPORT_RESERVE_BYTES = 512

/**
 * The viewport budget for a result cap: the cap less the reserve, or half the cap when the
 * cap is that small (then the layout's own cut keeps the newest output).
 */
export function viewportBudget(maxResultBytes: number): number {
  return maxResultBytes > 2 * VIEWPORT_RESERVE_BYTES ? maxResultBytes - VIEWPORT_RESERVE_BYTES : Math.floor(maxResultBytes / 2)
}

/**
 * The line that stands where the middle of a long delta was left out, with the
 * terminal_read that pages it:
 * `[omitted 1200 lines (9340 bytes) here: terminal_read offset=41 count=1200 pages them]`.
 */
export function omissionMarker(o: TerminalOmission): string {
  const what = `[omitted ${o.lines} ${o.lines === 1 ? 'line' : 'lines'} (${o.bytes} bytes) here`
  if (o.readCount <= 0) return `${what}: no longer retained in scrollback]`
  const read = `terminal_read offset=${o.readOffset} count=${o.readCount}`
  if (o.readCount >= o.lines) return `${what}: ${read} pages them]`
  return `${what}: scrollback still holds the newest ${o.readCount} of them, ${read} pages those]`
}

/** The text with the omission marker on its own line where the omitted text was. */
export function withOmission(text: string, omission: TerminalOmission | undefined): string {
  if (omission === undefined) return text
  const head = text.slice(0, omission.at)
  const tail = text.slice(omission.at)
  const lead = head === '' || head.endsWith('\n') ? head : `${head}\n`
  return `${lead}${omissionMarker(omission)}${tail === '' ? '' : '\n'}${tail}`
}
