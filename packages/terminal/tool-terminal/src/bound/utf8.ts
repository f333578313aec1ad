// @dsh-pure
/**
 * UTF-8 byte arithmetic on JS strings, without Buffer: byte lengths and cuts that never
 * split a code point (a surrogate pair stays whole; a lone surrogate counts as the 3 bytes
 * of the U+FFFD an encoder writes for it).
 */

/** UTF-8 bytes of the code point starting at `index` and its width in UTF-16 units. */
function unitAt(text: string, index: number): { bytes: number; units: number } {
  const code = text.charCodeAt(index)
  if (code < 0x80) return { bytes: 1, units: 1 }
  if (code < 0x800) return { bytes: 2, units: 1 }
  if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
    const next = text.charCodeAt(index + 1)
    if (next >= 0xdc00 && next <= 0xdfff) return { bytes: 4, units: 2 }
  }
  return { bytes: 3, units: 1 }
}

/** The UTF-8 length of `text` in bytes. */
export function utf8Length(text: string): number {
  let bytes = 0
  for (let i = 0; i < text.length; ) {
    const unit = unitAt(text, i)
    bytes += unit.bytes
    i += unit.units
  }
  return bytes
}

/** The longest prefix of `text` of at most `maxBytes` UTF-8 bytes, ending on a code-point boundary. */
export function utf8Head(text: string, maxBytes: number): string {
  if (maxBytes <= 0) return ''
  let bytes = 0
  let i = 0
  while (i < text.length) {
    const unit = unitAt(text, i)
    if (bytes + unit.bytes > maxBytes) break
    bytes += unit.bytes
    i += unit.units
  }
  return text.slice(0, i)
}

/** The longest suffix of `text` of at most `maxBytes` UTF-8 bytes, starting on a code-point boundary. */
export function utf8Tail(text: string, maxBytes: number): string {
  if (maxBytes <= 0) return ''
  let bytes = 0
  let i = text.length
  while (i > 0) {
    let start = i - 1
    const code = text.charCodeAt(start)
    if (code >= 0xdc00 && code <= 0xdfff && start > 0) {
      const prev = text.charCodeAt(start - 1)
      if (prev >= 0xd800 && prev <= 0xdbff) start -= 1
    }
    const width = unitAt(text, start).bytes
    if (bytes + width > maxBytes) break
    bytes += width
    i = start
  }
  return text.slice(i)
}
