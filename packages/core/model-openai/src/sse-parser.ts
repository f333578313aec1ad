// @dsh-pure
import { ModelError } from 'dsh-model'
import { utf8ByteLength } from 'dsh-tools'

/** One dispatched server-sent event: its `event:` name (if any) and its `data:` lines joined. */
export interface SseEvent {
  readonly event: string | undefined
  readonly data: string
}

const LF = 0x0a
const CR = 0x0d

/**
 * An incremental, bounded parser of a `text/event-stream` body (the WHATWG rules that
 * matter here): lines end in LF, CRLF or CR; `data:` lines accumulate, joined with LF;
 * a blank line dispatches; `:` lines are comments; `id:`/`retry:` are ignored. It works on
 * bytes, so a multi-byte character split across chunks is decoded whole. One event (its
 * pending line plus its data) may hold at most `maxEventBytes`; past that it throws
 * BAD_RESPONSE instead of buffering without end.
 */
export class SseParser {
  private pending: Uint8Array = new Uint8Array(0)
  /** A CR ended the previous chunk: a LF first in the next chunk belongs to it. */
  private skipLf = false
  private data: string[] = []
  private dataBytes = 0
  private eventName: string | undefined
  private readonly decoder = new TextDecoder('utf-8', { fatal: true })

  constructor(private readonly maxEventBytes: number) {}

  /** Feed one chunk of the body; returns the events it completed. */
  push(chunk: Uint8Array): SseEvent[] {
    const events: SseEvent[] = []
    let start = 0
    if (this.skipLf && chunk.length > 0) {
      if (chunk[0] === LF) start = 1
      this.skipLf = false
    }
    for (let i = start; i < chunk.length; i++) {
      const byte = chunk[i]
      if (byte !== LF && byte !== CR) continue
      this.line(this.take(chunk.subarray(start, i)), events)
      if (byte === CR) {
        if (i + 1 < chunk.length) { if (chunk[i + 1] === LF) i++ } else this.skipLf = true
      }
      start = i + 1
    }
    if (start < chunk.length) {
      const rest = chunk.subarray(start)
      if (this.pending.length + rest.length + this.dataBytes > this.maxEventBytes) this.tooLarge()
      this.pending = concat(this.pending, rest)
    }
    return events
  }

  /** The body ended. An event without its closing blank line is dispatched too (lenient). */
  end(): SseEvent[] {
    const events: SseEvent[] = []
    if (this.pending.length > 0) this.line(this.take(new Uint8Array(0)), events)
    this.dispatch(events)
    return events
  }

  /** The pending bytes plus `tail`: one complete line, decoded. */
  private take(tail: Uint8Array): string {
    const bytes = this.pending.length === 0 ? tail : concat(this.pending, tail)
    this.pending = new Uint8Array(0)
    if (bytes.length + this.dataBytes > this.maxEventBytes) this.tooLarge()
    try {
      return this.decoder.decode(bytes)
    } catch (cause) {
      throw new ModelError('BAD_RESPONSE', 'the event stream is not valid UTF-8; check that baseUrl points at an OpenAI-compatible endpoint', { cause })
    }
  }

  private line(text: string, events: SseEvent[]): void {
    if (text === '') {
      this.dispatch(events)
      return
    }
    if (text.startsWith(':')) return
    const colon = text.indexOf(':')
    const field = colon === -1 ? text : text.slice(0, colon)
    let value = colon === -1 ? '' : text.slice(colon + 1)
    if (value.startsWith(' ')) value = value.slice(1)
    if (field === 'data') {
      this.data.push(value)
      this.dataBytes += utf8ByteLength(value) + 1
    } else if (field === 'event') this.eventName = value
  }

  private dispatch(events: SseEvent[]): void {
    if (this.data.length > 0) events.push({ event: this.eventName, data: this.data.join('\n') })
    this.data = []
    this.dataBytes = 0
    this.eventName = undefined
  }

  private tooLarge(): never {
    throw new ModelError('BAD_RESPONSE', `a server-sent event is larger than maxEventBytes (${this.maxEventBytes} bytes); raise maxEventBytes if the endpoint really sends events this large`)
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length)
  out.set(a, 0)
  out.set(b, a.length)
  return out
}

