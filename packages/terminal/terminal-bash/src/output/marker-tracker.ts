// @dsh-pure
import type { SanitizedPiece } from './sanitizer'

/** The controlled prompt (PS1) the shell integration restores before every prompt. */
export const CONTROLLED_PROMPT = 'dsh> '

/** A nonce-carrying shell-integration marker. */
export type Marker = { readonly kind: 'prompt'; readonly status: number } | { readonly kind: 'command' }

/**
 * Parse a shell-integration OSC payload: `133;D;<status>;<nonce>` (a prompt follows) or
 * `133;C;<nonce>` (a command line was read and starts). Anything else, or a marker with
 * another nonce, is undefined.
 */
export function parseMarker(payload: string, nonce: string): Marker | undefined {
  if (payload === `133;C;${nonce}`) return { kind: 'command' }
  if (!payload.startsWith('133;D;')) return undefined
  const rest = payload.slice('133;D;'.length)
  const sep = rest.indexOf(';')
  if (sep < 0 || rest.slice(sep + 1) !== nonce) return undefined
  const status = rest.slice(0, sep)
  return /^\d{1,3}$/.test(status) ? { kind: 'prompt', status: Number(status) } : undefined
}

/**
 * Follows the shell-integration markers through sanitized output. Only markers carrying
 * the per-session nonce count, so program output cannot forge one. The prompt is ready
 * when the printable text after the latest prompt marker is exactly the controlled prompt
 * (the tail is carried across chunks; echoed input or output makes an earlier prompt
 * stale) and, once the shell announced command markers, a command started since the last
 * resetCount() before that prompt (a prompt printed before typeahead was read is stale).
 */
export class MarkerTracker {
  /** Valid prompt markers seen since the last resetCount(). */
  markers = 0
  /** Exit status carried by the latest prompt marker. */
  lastStatus: number | undefined
  /** Text after the latest prompt marker; undefined before any marker or once too long. */
  private tail: string | undefined
  /** The shell announces every command it reads (bash with PS0). */
  private commandMarks = false
  private commands = 0
  private promptAfterCommand = false

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
      const marker = parseMarker(piece.payload, this.nonce)
      if (marker?.kind === 'command') {
        this.commandMarks = true
        this.commands++
      } else if (marker?.kind === 'prompt') {
        this.markers++
        this.lastStatus = marker.status
        this.promptAfterCommand = this.commands > 0
        this.tail = ''
      }
    }
    return text
  }

  /** True when the latest prompt is exactly the controlled prompt and not stale. */
  get promptReady(): boolean {
    return this.tail === this.prompt && (!this.commandMarks || this.promptAfterCommand)
  }

  /** Start counting afresh (a new send begins). */
  resetCount(): void {
    this.markers = 0
    this.commands = 0
    this.promptAfterCommand = false
  }

  private extendTail(text: string): void {
    if (this.tail === undefined) return
    const next = this.tail + text
    // only whether the tail equals the prompt matters: never keep more than that
    this.tail = next.length <= this.prompt.length ? next : undefined
  }
}
