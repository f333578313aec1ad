// @dsh-pure
import { truncateUtf8 } from 'dsh-tools'

/** Longest excerpt of a peer's payload quoted in an error message, in UTF-8 bytes. */
export const EXCERPT_BYTES = 200

/** A short, quoted excerpt of a payload for an error message. */
export function describeJson(text: string): string {
  const cut = truncateUtf8(text, EXCERPT_BYTES)
  return JSON.stringify(cut.length < text.length ? `${cut}...` : cut)
}
