// @dsh-pure
import type { SanitizedPiece } from './sanitizer'

/** The controlled prompt (PS1) the shell integration restores before every prompt. */
export const CONTROLLED_PROMPT = 'dsh> '

/** The OSC code of the prompt marker (FinalTerm/VS Code "command finished"). */
const MARKER_PREFIX = '133;D;'

/**
 * Parse a prompt-marker OSC payload `133;D;<status>;<nonce>`. Returns the exit status when
 * the payload is a marker carrying exactly `nonce`, otherwise undefined.
 */
export function parseMarker(payload: string, nonce: string): number | undefined {
  if (!payload.startsWith(MARKER_PREFIX)) return undefined
  const rest = payload.slice(MARKER_PREFIX.length)
  const sep = rest.indexOf(';')
  if (sep < 0 || rest.slice(sep + 1) !== nonce) return undefined
  const status = rest.slice(0, sep)
  return /^\d{1,3}$/.test(status) ? Number(status) : undefined
}

/**
 * Follows the prompt marker through sanitized output. Only a marker carrying the
 * per-session nonce counts, so program output cannot forge one. The prompt is ready when
 * the printable text after the latest marker is exactly the controlled prompt; that tail
 * is carried across chunks, and any further output (echoed input, program output) makes
 * an earlier prompt stale.
 */
export class MarkerTracker {
  /** Valid markers seen since the last resetCount(). */
  markers = 0
  /** Exit status carried by the latest valid marker. */
  lastStatus: number | undefined
  /** Text after the latest valid marker; undefined before any marker or once too long. */
  private tail: string | undefined

  constructor(private readonly nonce: string, private readonly prompt: string = CONTROLLED_PROMPT) {
    if (nonce.length === 0) throw new Error('terminal-bash: the prompt-marker nonce must not be empty')
  }

  /** Feed sanitized pieces; returns their text with every OSC (markers included) removed. */
  feed(pieces: readonly SanitizedPiece[]): string {
    let text = ''
    for (const piece of pieces) {
      if (piece.kind === 'text') {
        text += piece.text
        this.extendTail(piece.text)
        continue
      }
      const status = parseMarker(piece.payload, this.nonce)
      if (status === undefined) continue
      this.markers++
      this.lastStatus = status
      this.tail = ''
    }
    return text
  }

  /** True when the latest valid marker is followed by exactly the controlled prompt. */
  get promptReady(): boolean {
    return this.tail === this.prompt
  }

  /** The text after the latest marker while it is still a prefix-length candidate. */
  get promptTail(): string | undefined {
    return this.tail
  }

  /** Start counting markers afresh (a new send begins). */
  resetCount(): void {
    this.markers = 0
  }

  private extendTail(text: string): void {
    if (this.tail === undefined) return
    const next = this.tail + text
    // only whether the tail equals the prompt matters: never keep more than that
    this.tail = next.length <= this.prompt.length ? next : undefined
  }
}
