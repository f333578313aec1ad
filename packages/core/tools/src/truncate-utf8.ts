// @dsh-pure
/**
 * UTF-8 byte bounds for model-visible text. Cuts happen on code-point boundaries only, so a
 * bounded text never ends (or starts) with half a character. A lone surrogate counts as the
 * three bytes of the U+FFFD it encodes to.
 */

/**
 * Matches ASCII-only text, where UTF-8 bytes equal UTF-16 units. The regex engine scans
 * natively and allocates nothing, several times cheaper than the per-unit loop below on
 * the common case (terminal output is mostly ASCII).
 */
const ASCII_ONLY = /^[\x00-\x7f]*$/

/** True when every unit of `text` is ASCII (one UTF-8 byte each). */
export function isAscii(text: string): boolean {
  return ASCII_ONLY.test(text)
}

/** UTF-8 byte length of one UTF-16 unit (or surrogate pair starting at `i`) and its width. */
function unitAt(text: string, i: number): { bytes: number; width: number } {
  const c = text.charCodeAt(i)
  if (c < 0x80) return { bytes: 1, width: 1 }
  if (c < 0x800) return { bytes: 2, width: 1 }
  if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
    const d = text.charCodeAt(i + 1)
    if (d >= 0xdc00 && d <= 0xdfff) return { bytes: 4, width: 2 }
  }
  return { bytes: 3, width: 1 }
}

/** The number of bytes `text` takes in UTF-8. */
export function utf8ByteLength(text: string): number {
  if (isAscii(text)) return text.length
  let total = 0
  for (let i = 0; i < text.length; ) {
    const { bytes, width } = unitAt(text, i)
    total += bytes
    i += width
  }
  return total
}

function checkLimit(maxBytes: number): void {
  if (!Number.isSafeInteger(maxBytes) || maxBytes < 0) {
    throw new RangeError(`maxBytes must be a non-negative safe integer, got ${maxBytes}`)
  }
}

/** The longest prefix of `text` that fits in `maxBytes` UTF-8 bytes (keeps the head). */
export function truncateUtf8(text: string, maxBytes: number): string {
  checkLimit(maxBytes)
  if (text.length * 3 <= maxBytes) return text
  if (isAscii(text)) return text.length <= maxBytes ? text : text.slice(0, maxBytes)
  let used = 0
  let i = 0
  while (i < text.length) {
    const { bytes, width } = unitAt(text, i)
    if (used + bytes > maxBytes) break
    used += bytes
    i += width
  }
  return text.slice(0, i)
}

/** The longest suffix of `text` that fits in `maxBytes` UTF-8 bytes (keeps the tail). */
export function truncateUtf8Tail(text: string, maxBytes: number): string {
  checkLimit(maxBytes)
  if (text.length * 3 <= maxBytes) return text
  if (isAscii(text)) return text.length <= maxBytes ? text : text.slice(text.length - maxBytes)
  let used = 0
  let start = text.length
  while (start > 0) {
    let from = start - 1
    const c = text.charCodeAt(from)
    if (c >= 0xdc00 && c <= 0xdfff && from > 0) {
      const h = text.charCodeAt(from - 1)
      if (h >= 0xd800 && h <= 0xdbff) from--
    }
    const { bytes } = unitAt(text, from)
    if (used + bytes > maxBytes) break
    used += bytes
    start = from
  }
  return text.slice(start)
}
