// @dsh-pure
/**
 * Streaming terminal-output tokenizer. Turns the raw (already UTF-8 decoded) PTY stream
 * into pieces: printable text (CRLF, or a bare LF, becomes one newline even when the CR
 * and the LF arrive in different chunks), OSC payloads (the prompt marker is one), and the
 * controls a renderer needs (a lone CR, backspace, CSI sequences that move the cursor, erase
 * or switch screens, and two-character escapes). Other controls, other CSI sequences and
 * string sequences (DCS, SOS, PM, APC) are dropped. All state that spans
 * chunks lives here, so chunk boundaries never change the result.
 */

/** One piece of sanitized output, in stream order. */
export type SanitizedPiece =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'osc'; readonly payload: string }
  /** A carriage return not followed by a line feed: the cursor goes back to its row's start. */
  | { readonly kind: 'cr' }
  | { readonly kind: 'bs' }
  /** `ESC [ <params> <final>`; params include a private prefix such as `?`. */
  | { readonly kind: 'csi'; readonly params: string; readonly final: string }
  /** `ESC <final>` without intermediates (`ESC 7`, `ESC 8`, `ESC M`, ...). */
  | { readonly kind: 'esc'; readonly final: string }

/**
 * Longest CSI sequence kept pending. Real CSI sequences are a few parameters long; past
 * this bound the sequence is dropped (nothing of it is emitted) and parsing restarts.
 */
export const MAX_CSI_LENGTH = 256
/**
 * Longest OSC/DCS/SOS/PM/APC string kept pending. Generous for titles and hyperlinks;
 * past it the sequence is dropped and what follows is read as text again, so a stray
 * introducer cannot swallow the rest of a session's output or grow memory.
 */
export const MAX_STRING_LENGTH = 4096

/**
 * CSI finals that can change what the screen shows: cursor movement and positioning, erase,
 * character insert/delete, and mode set/reset (`h`/`l`: the alternate screen). Every other
 * CSI (SGR colours `m`, scroll regions, queries, window operations) leaves the text as it
 * is, so it is dropped here: the text around it stays one piece (a colourful flood renders
 * in bulk, not one piece per escape).
 */
export const LAYOUT_CSI_FINALS = new Set(['A', 'B', 'C', 'D', 'E', 'F', 'G', '`', 'H', 'f', 'd', 'K', 'J', 'X', 'P', '@', 'h', 'l'])

type State = 'ground' | 'esc' | 'escInter' | 'csi' | 'osc' | 'oscEsc' | 'str' | 'strEsc'

const ESC = 0x1b
const BEL = 0x07
const CAN = 0x18
const SUB = 0x1a

export class StreamSanitizer {
  private state: State = 'ground'
  private pendingCr = false
  /** Length of the pending CSI or string sequence. */
  private seqLength = 0
  private osc = ''
  private csi = ''
  private text = ''
  private pieces: SanitizedPiece[] = []
  /** A high surrogate that ended the previous chunk: its pair starts the next one. */
  private highSurrogate = ''

  /** Sanitize one chunk; returns the pieces it completed. */
  push(input: string): SanitizedPiece[] {
    const chunk = this.joinSurrogates(input)
    let i = 0
    while (i < chunk.length) {
      if (this.state === 'ground') {
        const end = plainRunEnd(chunk, i)
        if (end > i) {
          this.resolveCr()
          this.emit(chunk.slice(i, end))
          i = end
          continue
        }
      }
      this.step(chunk, i)
      i++
    }
    return this.take()
  }

  /** End of stream: a trailing lone CR is handed out; pending escapes are dropped. */
  flush(): SanitizedPiece[] {
    this.resolveCr()
    // a high surrogate whose pair never came is not a character: show the replacement
    if (this.highSurrogate !== '' && this.state === 'ground') this.emit('\uFFFD')
    this.highSurrogate = ''
    this.state = 'ground'
    this.osc = ''
    return this.take()
  }

  /**
   * A chunk boundary may fall between the two UTF-16 halves of one character (a producer
   * that cuts strings by length): hold a trailing high surrogate back for the next chunk,
   * so no piece ever carries half a character.
   */
  private joinSurrogates(input: string): string {
    let chunk = input
    if (this.highSurrogate !== '') {
      chunk = this.highSurrogate + chunk
      this.highSurrogate = ''
    }
    const last = chunk.charCodeAt(chunk.length - 1)
    if (last >= 0xd800 && last <= 0xdbff) {
      this.highSurrogate = chunk.slice(-1)
      chunk = chunk.slice(0, -1)
    }
    return chunk
  }

  private take(): SanitizedPiece[] {
    if (this.text) this.pieces.push({ kind: 'text', text: this.text })
    this.text = ''
    const out = this.pieces
    this.pieces = []
    return out
  }

  private emit(s: string): void {
    this.text += s
  }

  private emitOsc(payload: string): void {
    this.control({ kind: 'osc', payload })
  }

  private control(piece: SanitizedPiece): void {
    if (this.text) this.pieces.push({ kind: 'text', text: this.text })
    this.text = ''
    this.pieces.push(piece)
  }

  private step(chunk: string, i: number): void {
    const c = chunk.charCodeAt(i)
    switch (this.state) {
      case 'ground':
        this.ground(chunk, i, c)
        return
      case 'esc':
        this.escape(chunk, i, c)
        return
      case 'escInter':
        if (c >= 0x20 && c <= 0x2f) return
        this.state = 'ground'
        if (c < 0x30 || c > 0x7e) this.ground(chunk, i, c)
        return
      case 'csi':
        if (c >= 0x40 && c <= 0x7e) {
          this.state = 'ground'
          if (LAYOUT_CSI_FINALS.has(chunk[i]!)) this.control({ kind: 'csi', params: this.csi, final: chunk[i]! })
          return
        }
        if (c >= 0x20 && c <= 0x3f && ++this.seqLength <= MAX_CSI_LENGTH) { this.csi += chunk[i]; return }
        this.state = 'ground'
        if (c < 0x20 || c > 0x3f) this.ground(chunk, i, c)
        return
      case 'osc':
        this.oscChar(chunk, i, c)
        return
      case 'oscEsc':
        if (c === 0x5c) { this.state = 'ground'; this.emitOsc(this.osc); this.osc = ''; return }
        this.osc = ''
        this.state = 'esc'
        this.escape(chunk, i, c)
        return
      case 'str':
        if (c === ESC) { this.state = 'strEsc'; return }
        if (c === BEL || c === 0x9c || c === CAN || c === SUB || ++this.seqLength > MAX_STRING_LENGTH) this.state = 'ground'
        return
      case 'strEsc':
        if (c === 0x5c) { this.state = 'ground'; return }
        this.state = 'esc'
        this.escape(chunk, i, c)
        return
    }
  }

  private oscChar(chunk: string, i: number, c: number): void {
    if (c === BEL || c === 0x9c) { this.state = 'ground'; this.emitOsc(this.osc); this.osc = ''; return }
    if (c === ESC) { this.state = 'oscEsc'; return }
    if (c === CAN || c === SUB || this.osc.length >= MAX_STRING_LENGTH) {
      this.state = 'ground'
      this.osc = ''
      if (c !== CAN && c !== SUB) this.ground(chunk, i, c)
      return
    }
    this.osc += chunk[i]
  }

  private escape(chunk: string, i: number, c: number): void {
    this.seqLength = 0
    if (c === 0x5b) { this.state = 'csi'; this.csi = ''; return }
    if (c === 0x5d) { this.state = 'osc'; this.osc = ''; return }
    if (c === 0x50 || c === 0x58 || c === 0x5e || c === 0x5f) { this.state = 'str'; return }
    if (c === ESC) return
    if (c >= 0x20 && c <= 0x2f) { this.state = 'escInter'; return }
    this.state = 'ground'
    // ESC + final byte is a complete two-character sequence; anything else aborts it
    if (c < 0x30 || c > 0x7e) this.ground(chunk, i, c)
    else this.control({ kind: 'esc', final: chunk[i]! })
  }

  private ground(chunk: string, i: number, c: number): void {
    if (c === 0x0a) { this.pendingCr = false; this.emit('\n'); return }
    // anything but a line feed resolves a pending CR as a lone one, before itself
    this.resolveCr()
    if (c === ESC) { this.state = 'esc'; return }
    if (c === 0x0d) { this.pendingCr = true; return }
    if (c === 0x09) { this.emit('\t'); return }
    if (c === 0x08) { this.control({ kind: 'bs' }); return }
    // other C0 controls, DEL and C1 controls carry no text
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) return
    this.emit(chunk[i]!)
  }

  /** A CR not followed by LF moves the cursor to its row's start (the renderer's job). */
  private resolveCr(): void {
    if (!this.pendingCr) return
    this.pendingCr = false
    this.control({ kind: 'cr' })
  }
}

/** End of the run of ordinary printable characters starting at `from`. */
function plainRunEnd(chunk: string, from: number): number {
  let i = from
  while (i < chunk.length) {
    const c = chunk.charCodeAt(i)
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) break
    i++
  }
  return i
}
