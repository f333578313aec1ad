// @dsh-pure
import { utf8Head, utf8Length, utf8Tail } from './utf8'

/** Appended (after a newline) to every text that was cut, here or by the backend. */
export const TRUNCATION_MARKER = '[output truncated]'
const MARKER_LINE = `\n${TRUNCATION_MARKER}`

/** A cut never backs off further than this many UTF-16 units to keep a word whole. */
const MAX_WORD_BACKOFF = 64
const WORD_END = /[\w-]+$/
const WORD_CHAR = /^[\w-]/

/**
 * The head of `text` within `maxBytes`; a cut that would split a word (an id such as
 * `pty-12` cut to `pty-1` names another session) drops the whole word instead, unless the
 * word is longer than MAX_WORD_BACKOFF or is all that fits.
 */
function headAtWord(text: string, maxBytes: number): string {
  const head = utf8Head(text, maxBytes)
  if (head.length === text.length || !WORD_CHAR.test(text.slice(head.length))) return head
  const word = WORD_END.exec(head)
  if (word === null || word.index === 0 || word[0].length > MAX_WORD_BACKOFF) return head
  return head.slice(0, word.index)
}

/**
 * Bound a single text by keeping its head: errors, acknowledgements, status lines, lists.
 * Within the cap it is returned unchanged (so bounding twice changes nothing).
 */
export function boundHead(text: string, maxBytes: number): string {
  if (utf8Length(text) <= maxBytes) return text
  const room = maxBytes - utf8Length(MARKER_LINE)
  if (room <= 0) return utf8Head(text, maxBytes)
  return headAtWord(text, room) + MARKER_LINE
}

/** A result made of a body followed by metadata lines (`[wait: ...]`, `[lines: ...]`). */
export interface BodyWithMeta {
  /** The output itself (or its placeholder, e.g. `(no new output)`). */
  readonly body: string
  /** Metadata lines, each kept whole. */
  readonly meta: readonly string[]
  /** The output was already cut upstream: the marker is due even if nothing is cut here. */
  readonly truncated: boolean
}

/**
 * Render `body`, the metadata lines and (when cut) the marker, one per line, within
 * `maxBytes`. Room is reserved for the metadata and the marker first; the body keeps its
 * tail (the newest output). When the cap cannot hold metadata and marker, the metadata wins;
 * when it cannot hold the metadata either, the whole text keeps its head.
 */
export function boundBodyTail(parts: BodyWithMeta, maxBytes: number): string {
  const meta = parts.meta.join('\n')
  const full = [parts.body, meta].join('\n') + (parts.truncated ? MARKER_LINE : '')
  if (utf8Length(full) <= maxBytes) return full
  const withMarker = meta + MARKER_LINE
  const room = maxBytes - utf8Length(withMarker) - 1
  if (room > 0) {
    const body = utf8Tail(parts.body, room)
    if (body !== '') return `${body}\n${withMarker}`
  }
  if (utf8Length(withMarker) <= maxBytes) return withMarker
  if (utf8Length(meta) <= maxBytes) return meta
  return utf8Head(meta, maxBytes)
}

/**
 * Render a header line and a body below it within `maxBytes`: the header survives and the
 * body keeps its tail (the latest startup output). When even the header does not fit with
 * the marker, the header keeps its head (its first words carry the session id).
 */
export function boundHeaderTail(header: string, body: string, maxBytes: number): string {
  const full = `${header}\n${body}`
  if (utf8Length(full) <= maxBytes) return full
  const room = maxBytes - utf8Length(header) - 1 - utf8Length(MARKER_LINE)
  if (room > 0) {
    const tail = utf8Tail(body, room)
    if (tail !== '') return `${header}\n${tail}${MARKER_LINE}`
  }
  if (utf8Length(header) + utf8Length(MARKER_LINE) <= maxBytes) return header + MARKER_LINE
  return boundHead(full, maxBytes)
}
