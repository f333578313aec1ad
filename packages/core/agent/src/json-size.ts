// @dsh-pure
/** UTF-8 byte length of a string, without allocating an encoded copy. */
export function utf8Length(text: string): number {
  let bytes = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0x80) bytes += 1
    else if (code < 0x800) bytes += 2
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1)
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4
        i++
      } else bytes += 3
    } else bytes += 3
  }
  return bytes
}

/**
 * About how many bytes `value` takes as JSON (UTF-8, escapes not counted): the measure the
 * session log budgets by. Walks iteratively (any depth), counts a value reached twice (a
 * cycle or a shared object) once, and skips what JSON drops (functions, symbols, undefined).
 */
export function jsonBytes(value: unknown): number {
  const seen = new Set<object>()
  const stack: unknown[] = [value]
  let bytes = 0
  while (stack.length > 0) {
    const item = stack.pop()
    switch (typeof item) {
      case 'string': bytes += utf8Length(item) + 2; continue
      case 'number': case 'boolean': case 'bigint': bytes += String(item).length; continue
      case 'object': break
      default: continue
    }
    if (item === null) { bytes += 4; continue }
    if (seen.has(item)) continue
    seen.add(item)
    if (Array.isArray(item)) {
      bytes += 2 + Math.max(0, item.length - 1)
      for (const element of item) stack.push(element)
      continue
    }
    const keys = Object.keys(item)
    bytes += 2 + Math.max(0, keys.length - 1)
    for (const key of keys) {
      bytes += utf8Length(key) + 3
      stack.push((item as Record<string, unknown>)[key])
    }
  }
  return bytes
}
