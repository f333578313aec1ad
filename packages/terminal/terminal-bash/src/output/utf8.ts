// @dsh-pure
/**
 * UTF-8 byte accounting for the buffers: dsh-tools' code-point-safe helpers (with their
 * ASCII fast path), shaped for the scrollback and send buffers, which also need to know
 * how many bytes a tail cut dropped. A lone surrogate counts as the 3 bytes of U+FFFD.
 */
import { isAscii, truncateUtf8, truncateUtf8Tail, utf8ByteLength } from 'dsh-tools'

export { isAscii }

/** The UTF-8 encoded length of `text`. */
export const utf8Length = utf8ByteLength

/**
 * The longest suffix of `text` whose UTF-8 length is at most `maxBytes`, never splitting a
 * code point. Returns the suffix and how many bytes were dropped from the head.
 */
export function utf8Tail(text: string, maxBytes: number): { text: string; dropped: number } {
  if (isAscii(text)) {
    const drop = Math.max(0, text.length - Math.max(0, maxBytes))
    return { text: drop === 0 ? text : text.slice(drop), dropped: drop }
  }
  const kept = truncateUtf8Tail(text, Math.max(0, maxBytes))
  return kept.length === text.length ? { text, dropped: 0 } : { text: kept, dropped: utf8ByteLength(text) - utf8ByteLength(kept) }
}

/**
 * The longest prefix of `text` whose UTF-8 length is at most `maxBytes`, never splitting
 * a code point.
 */
export function utf8Head(text: string, maxBytes: number): string {
  return truncateUtf8(text, Math.max(0, maxBytes))
}
