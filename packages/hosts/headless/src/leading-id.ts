// @dsh-pure
/**
 * The request id of a line that is too long to parse whole, read from its start: the value
 * of a top-level "id" key that appears before the cut. Lets the host answer an overlong
 * request under its own id instead of null.
 */
import { MAX_ID_LENGTH, type RequestId } from './protocol'

const WS = /\s/

function skipWs(text: string, i: number): number {
  while (i < text.length && WS.test(text[i]!)) i++
  return i
}

/** End index (exclusive) of the JSON string starting at text[i] === '"', or -1 if cut. */
function stringEnd(text: string, i: number): number {
  for (let j = i + 1; j < text.length; j++) {
    if (text[j] === '\\') j++
    else if (text[j] === '"') return j + 1
  }
  return -1
}

/** End index of the JSON value starting at i (any kind), or -1 if the text ends first. */
function valueEnd(text: string, i: number): number {
  if (text[i] === '"') return stringEnd(text, i)
  if (text[i] !== '{' && text[i] !== '[') {
    let j = i
    while (j < text.length && !/[\s,}\]]/.test(text[j]!)) j++
    return j < text.length ? j : -1
  }
  let depth = 0
  for (let j = i; j < text.length; j++) {
    const c = text[j]
    if (c === '"') {
      j = stringEnd(text, j) - 1
      if (j < 0) return -1
    } else if (c === '{' || c === '[') depth++
    else if (c === '}' || c === ']') {
      depth--
      if (depth === 0) return j + 1
    }
  }
  return -1
}

function asId(token: string): RequestId | null {
  let value: unknown
  try { value = JSON.parse(token) } catch { return null }
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value
  if (typeof value === 'string' && value.length > 0 && value.length <= MAX_ID_LENGTH) return value
  return null
}

/** The id of `{"id": ...` (a top-level key before the cut), or null when none can be read. */
export function leadingId(head: string): RequestId | null {
  let i = skipWs(head, 0)
  if (head[i] !== '{') return null
  i = skipWs(head, i + 1)
  while (head[i] === '"') {
    const keyEnd = stringEnd(head, i)
    if (keyEnd < 0) return null
    const key = asKey(head.slice(i, keyEnd))
    i = skipWs(head, keyEnd)
    if (head[i] !== ':') return null
    i = skipWs(head, i + 1)
    const end = valueEnd(head, i)
    if (end < 0) return null
    if (key === 'id') return asId(head.slice(i, end))
    i = skipWs(head, end)
    if (head[i] !== ',') return null
    i = skipWs(head, i + 1)
  }
  return null
}

function asKey(token: string): string | undefined {
  try { return JSON.parse(token) as string } catch { return undefined }
}
