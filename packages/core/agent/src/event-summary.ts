// @dsh-pure
import { jsonBytes } from './json-size'

/** What stands in for a value the log did not keep: its size, never its content. */
export interface OmittedValue {
  readonly omittedBytes: number
}

/** A field at most this large is kept in a summary as is (ids, names, flags, codes, short text). */
export const SUMMARY_FIELD_BYTES = 256

/** The data an event stores, and its size as given and as kept. */
export interface StoredData {
  readonly data: unknown
  /** About how many bytes the data took as JSON when it was appended. */
  readonly bytes: number
  /** About how many bytes the stored data takes (`bytes` unless summarized). */
  readonly storedBytes: number
  readonly summarized: boolean
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

/**
 * Keep `data` as is when it fits `maxBytes`; otherwise keep a bounded summary: for a plain
 * object, each top-level field of at most SUMMARY_FIELD_BYTES as is and every other field
 * as `{ omittedBytes }` (fields past the budget are dropped); anything else becomes
 * `{ omittedBytes }`. Large content is recorded by its size, never copied.
 */
export function storedData(data: unknown, maxBytes: number): StoredData {
  const bytes = jsonBytes(data)
  if (bytes <= maxBytes) return { data, bytes, storedBytes: bytes, summarized: false }
  const omitted = (size: number): OmittedValue => ({ omittedBytes: size })
  if (!isPlainObject(data)) {
    const summary = omitted(bytes)
    return { data: summary, bytes, storedBytes: jsonBytes(summary), summarized: true }
  }
  const summary: Record<string, unknown> = {}
  let used = 2
  for (const [key, value] of Object.entries(data)) {
    const size = jsonBytes(value)
    const kept = size <= SUMMARY_FIELD_BYTES ? value : omitted(size)
    const cost = jsonBytes(key) + 2 + (kept === value ? size : jsonBytes(kept))
    if (used + cost > maxBytes) break
    summary[key] = kept
    used += cost
  }
  return { data: summary, bytes, storedBytes: jsonBytes(summary), summarized: true }
}
