import type { Termios } from '../readiness/termios'

/**
 * While the terminal is in canonical mode, a pending answer is looked at again this often:
 * the bash idiom `printf '\e[6n'; read -rs -d R` asks first and switches to raw input a
 * moment later (a real terminal's answer waits in the queue meanwhile).
 */
export const ANSWER_RECHECK_MS = 50

/**
 * A pending answer is dropped once the shell is back at its prompt, or after this long in
 * canonical mode (`printf '\e[6n'; sleep 100` never reads it).
 */
export const ANSWER_HOLD_MAX_MS = 2_000

/**
 * Most answer bytes waiting for one decision or write. A terminal's input queue holds 4 KiB
 * (Linux N_TTY_BUF_SIZE): a program that asks faster than it reads would block a real
 * terminal's answers there. Answers past this are dropped, so a query flood cannot grow the
 * host.
 */
export const MAX_PENDING_ANSWER_BYTES = 4096

export interface AnswerGateOptions {
  /** The terminal's settings now (undefined when they cannot be read). */
  readonly termios: () => Promise<Termios | undefined>
  /** Output barrier: everything the programs wrote before the call was delivered. */
  readonly flushOutput: () => Promise<boolean>
  /** The latest shell marker is a PS1 prompt: the shell itself holds the terminal, at rest. */
  readonly shellAtPrompt: () => boolean
  /** Write the answers (they count as input the foreground will read); settles once handed to the terminal. */
  readonly write: (answers: string) => Promise<void>
  /** The session is gone: drop everything. */
  readonly closed: () => boolean
  /** A decision is pending (true) or made (false): readiness waits for it. */
  readonly deciding: (pending: boolean) => void
}

/**
 * Decides whether the emulator's answers to terminal queries (a cursor-position report
 * for `CSI 6n`, device attributes, ...) are written back. An answer is input: a program
 * that asked reads it in raw (non-canonical) mode, but one that exited right after asking
 * (`printf '\e[6n'` at the prompt) leaves it as typeahead for the next reader, and the
 * next command fails on `;1R`. So answers are written only while the terminal is not in
 * canonical mode (looked at again every ANSWER_RECHECK_MS, for at most ANSWER_HOLD_MAX_MS,
 * until the shell prompts) and the shell is not back at its prompt (readline never asks)
 * once everything printed before the decision was delivered (output barrier). Replies that
 * arrive together share one decision, in order, and at most MAX_PENDING_ANSWER_BYTES wait
 * (more are dropped). Where the settings cannot be read (no stty, not Linux) only the
 * prompt check applies.
 */
export class AnswerGate {
  private queued: string[] = []
  private queuedBytes = 0
  private draining = false
  /** Answers dropped because MAX_PENDING_ANSWER_BYTES were already waiting. */
  dropped = 0

  constructor(private readonly options: AnswerGateOptions) {}

  /** A decision is in progress. */
  get busy(): boolean {
    return this.draining
  }

  reply(answer: string): void {
    // answers are ASCII escape sequences: length counts their bytes
    if (this.queuedBytes + answer.length > MAX_PENDING_ANSWER_BYTES) {
      this.dropped++
      return
    }
    this.queued.push(answer)
    this.queuedBytes += answer.length
    if (!this.draining) void this.drain()
  }

  /** The terminal reads raw input now or turns to it before the shell prompts again (bounded). */
  private async rawSoon(): Promise<boolean> {
    const { termios, shellAtPrompt, closed } = this.options
    const deadline = Date.now() + ANSWER_HOLD_MAX_MS
    while ((await termios())?.icanon === true) {
      if (closed() || shellAtPrompt() || Date.now() > deadline) return false
      await new Promise((resolve) => setTimeout(resolve, ANSWER_RECHECK_MS))
    }
    return true
  }

  private async drain(): Promise<void> {
    const { flushOutput, shellAtPrompt, write, closed, deciding } = this.options
    this.draining = true
    deciding(true)
    try {
      while (this.queued.length > 0) {
        const batch = this.queued.join('')
        this.queued = []
        this.queuedBytes = 0
        if (!(await this.rawSoon())) continue
        await flushOutput()
        if (closed() || shellAtPrompt()) continue
        // the next batch waits until this one reached the terminal (a program that does
        // not read leaves the pty full): answers queue here, bounded, not in the pty writer
        await write(batch)
      }
    } finally {
      this.draining = false
      deciding(false)
    }
  }
}
