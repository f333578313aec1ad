// @dsh-pure
/**
 * UTF-8 cuts for the result bounds: dsh-tools' code-point-safe helpers, with a cap at or
 * below zero giving the empty string (the layouts compute room that may be negative).
 */
import { truncateUtf8, truncateUtf8Tail, utf8ByteLength } from 'dsh-tools'

/** The UTF-8 length of `text` in bytes. */
export const utf8Length = utf8ByteLength

/** The longest prefix of `text` of at most `maxBytes` UTF-8 bytes, ending on a code-point boundary. */
export function utf8Head(text: string, maxBytes: number): string {
  return maxBytes <= 0 ? '' : truncateUtf8(text, maxBytes)
}

/** The longest suffix of `text` of at most `maxBytes` UTF-8 bytes, starting on a code-point boundary. */
export function utf8Tail(text: string, maxBytes: number): string {
  return maxBytes <= 0 ? '' : truncateUtf8Tail(text, maxBytes)
}
