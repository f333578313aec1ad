// @dsh-pure
import type { SanitizedPiece } from './sanitizer'

/** The controlled prompt (PS1) the shell integration restores before every prompt. */
export const CONTROLLED_PROMPT = 'dsh> '

/** The controlled continuation prompt (PS2), printed while the shell waits for the rest of a command. */
export const CONTINUATION_PROMPT = '> '

/** A nonce-carrying shell-integration marker. */
export type Marker =
  | { readonly kind: 'prompt'; readonly status: number }
  | { readonly kind: 'command' }
  | { readonly kind: 'continuation' }

/**
 * Parse a shell-integration OSC payload: `133;D;<status>;<nonce>` (a prompt follows),
 * `133;C;<nonce>` (a command line was read and starts) or `133;P;<nonce>` (a continuation
 * prompt follows). Anything else, or a marker with another nonce, is undefined.
 */
export function parseMarker(payload: string, nonce: string): Marker | undefined {
  if (payload === `133;C;${nonce}`) return { kind: 'command' }
  if (payload === `133;P;${nonce}`) return { kind: 'continuation' }
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
  /** Valid continuation-prompt markers seen since the last resetCount(). */
  continuations = 0
  /** Prompt markers seen over the session's life (never reset). */
  promptsEver = 0
  /** Every valid marker (prompt, command, continuation) over the session's life. */
  markersEver = 0
  /** The kind of the latest valid marker. */
  lastMarker: Marker['kind'] | undefined
  /** Text after the latest prompt marker; undefined before any marker or once too long. */
  private tail: string | undefined
  /** The latest prompt marker was a continuation prompt (PS2), not PS1. */
  private continuing = false
  /** The send may start a command (it holds a line end): a prompt counts only after one started. */
  private commandExpected = true
  /** The shell announces every command it reads (bash with PS0). */
  private commandMarks = false
  /** Command-start markers seen since the last resetCount(). */
  commands = 0
  private promptAfterCommand = false

  constructor(private readonly nonce: string, private readonly prompt: string = CONTROLLED_PROMPT) {
    if (nonce.length === 0) throw new Error('terminal-bash: the prompt-marker nonce must not be empty')
  }

  /** Feed sanitized pieces; returns their printable text (controls and OSCs removed). */
  feed(pieces: readonly SanitizedPiece[]): string {
    let text = ''
    for (const piece of pieces) {
      if (piece.kind === 'text') {
        text += piece.text
        this.extendTail(piece.text)
        continue
      }
      // a lone CR makes the prompt stale like a line break; other controls leave it as it is
      if (piece.kind === 'cr') this.extendTail('\r')
      if (piece.kind !== 'osc') continue
      const marker = parseMarker(piece.payload, this.nonce)
      if (marker !== undefined) {
        this.markersEver++
        this.lastMarker = marker.kind
      }
      if (marker?.kind === 'command') {
        this.commandMarks = true
        this.commands++
      } else if (marker?.kind === 'prompt') {
        this.markers++
        this.promptsEver++
        this.lastStatus = marker.status
        this.promptAfterCommand = this.commands > 0
        this.continuing = false
        this.tail = ''
      } else if (marker?.kind === 'continuation') {
        this.continuations++
        this.continuing = true
        this.tail = ''
      }
    }
    return text
  }

  /**
   * True when the latest prompt is exactly the controlled prompt and not stale: once the
   * shell announces commands, a command started since the send began (unless the send
   * holds no line end and so cannot start one, e.g. a lone ^C).
   */
  get promptReady(): boolean {
    return !this.continuing && this.tail === this.prompt &&
      (!this.commandMarks || !this.commandExpected || this.promptAfterCommand)
  }

  /**
   * The latest prompt is ready and follows a command the shell announced after the send
   * began: the shell's own proof that it read input and came back (no inspection needed).
   */
  get commandAnswered(): boolean {
    return this.promptReady && this.commandMarks && this.promptAfterCommand
  }

  /** The latest marker is a PS1 prompt marker followed by exactly the prompt (however old). */
  get promptShown(): boolean {
    return !this.continuing && this.tail === this.prompt
  }

  /** The latest marker since the send began is a continuation prompt, followed by exactly PS2. */
  get continuationReady(): boolean {
    return this.continuing && this.continuations > 0 && this.tail === CONTINUATION_PROMPT
  }

  /** Start counting afresh (a new send begins); `expectCommand` is false for input without a line end. */
  resetCount(expectCommand = true): void {
    this.markers = 0
    this.continuations = 0
    this.commands = 0
    this.promptAfterCommand = false
    this.commandExpected = expectCommand
  }

  private extendTail(text: string): void {
    if (this.tail === undefined) return
    const next = this.tail + text
    // only whether the tail equals a prompt matters: never keep more than that
    this.tail = next.length <= Math.max(this.prompt.length, CONTINUATION_PROMPT.length) ? next : undefined
  }
}
