// @dsh-pure
/**
 * UTF-8 byte accounting on JavaScript strings, without Buffer. A lone surrogate counts
 * as the 3 bytes of the U+FFFD an encoder would write for it.
 */

/**
 * Matches a string of ASCII only, where UTF-8 bytes equal UTF-16 units. The regex engine
 * scans natively and allocates nothing, which makes the common case (command output is
 * mostly ASCII) several times cheaper than the per-unit loop below.
 */
const ASCII_ONLY = /^[\x00-\x7f]*$/

/** True when every unit of `text` is ASCII (one UTF-8 byte each). */
export function isAscii(text: string): boolean {
  return ASCII_ONLY.test(text)
}

/** UTF-8 bytes of the UTF-16 code unit at `i` (0 for the low half of a pair). */
function unitBytes(text: string, i: number): number {
  const c = text.charCodeAt(i)
  if (c < 0x80) return 1
  if (c < 0x800) return 2
  if (c >= 0xd800 && c <= 0xdbff) {
    const next = text.charCodeAt(i + 1)
    return next >= 0xdc00 && next <= 0xdfff ? 4 : 3
  }
  if (c >= 0xdc00 && c <= 0xdfff) {
    const prev = i > 0 ? text.charCodeAt(i - 1) : 0
    return prev >= 0xd800 && prev <= 0xdbff ? 0 : 3
  }
  return 3
}

/** The UTF-8 encoded length of `text`. */
export function utf8Length(text: string): number {
  if (isAscii(text)) return text.length
  let bytes = 0
  for (let i = 0; i < text.length; i++) bytes += unitBytes(text, i)
  return bytes
}

/**
 * The longest suffix of `text` whose UTF-8 length is at most `maxBytes`, never splitting a
 * code point. Returns the suffix and how many bytes were dropped from the head.
 */
export function utf8Tail(text: string, maxBytes: number): { text: string; dropped: number } {
  if (isAscii(text)) {
    const drop = Math.max(0, text.length - maxBytes)
    return { text: drop === 0 ? text : text.slice(drop), dropped: drop }
  }
  const total = utf8Length(text)
  if (total <= maxBytes) return { text, dropped: 0 }
  const drop = total - maxBytes
  let i = 0
  let dropped = 0
  while (i < text.length && dropped < drop) {
    const b = unitBytes(text, i)
    // a surrogate pair is 4 bytes on its high half and 0 on its low half: skip both
    dropped += b
    i += b === 4 ? 2 : 1
  }
  return { text: text.slice(i), dropped }
}

/**
 * The longest prefix of `text` whose UTF-8 length is at most `maxBytes`, never splitting
 * a code point.
 */
export function utf8Head(text: string, maxBytes: number): string {
  if (isAscii(text)) return text.length <= maxBytes ? text : text.slice(0, maxBytes)
  let bytes = 0
  let i = 0
  while (i < text.length) {
    const b = unitBytes(text, i)
    if (bytes + b > maxBytes) break
    bytes += b
    i += b === 4 ? 2 : 1
  }
  return text.slice(0, i)
}
