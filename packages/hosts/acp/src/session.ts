import type { SessionUpdate, StopReason } from '@agentclientprotocol/sdk'
import type { Agent } from 'dsh-agent'
import type { Conversation, LoopStopReason } from 'dsh-agent-loop'
import { acpError } from './errors'
import { sessionUpdateOf } from './updates'

const STOP_REASONS: Record<LoopStopReason, StopReason> = {
  end: 'end_turn',
  'max-tokens': 'max_tokens',
  'max-turns': 'max_turn_requests',
  refusal: 'refusal',
  cancelled: 'cancelled',
}

/** The reason session/cancel gives the running prompt (the running tool call sees it). */
export const CANCEL_REASON = 'cancelled by the client (session/cancel)'

/** One ACP session: one agent, its conversation with the model, and the prompt running now. */
export class AcpSession {
  private running: AbortController | undefined

  constructor(readonly id: string, readonly agent: Agent, private readonly conversation: Conversation) {}

  get busy(): boolean { return this.running !== undefined }

  /**
   * Run one prompt turn, streaming its events as session updates (in order, each delivered
   * before the next). Resolves with the ACP stop reason; `cancelled` after session/cancel.
   */
  async prompt(text: string, notify: (update: SessionUpdate) => Promise<void>): Promise<StopReason> {
    if (this.running) throw acpError('PROMPT_RUNNING', `session ${this.id} is already answering a prompt; wait for it to end or send session/cancel`)
    const controller = new AbortController()
    this.running = controller
    try {
      const outcome = await this.conversation.prompt(text, {
        signal: controller.signal,
        onEvent: (event) => notify(sessionUpdateOf(event)),
      })
      return STOP_REASONS[outcome.stopReason]
    } finally {
      this.running = undefined
    }
  }

  /** session/cancel: abort the model stream and the running tool call (a foreground send gets SIGINT). */
  cancel(): boolean {
    if (!this.running || this.running.signal.aborted) return false
    this.running.abort(new Error(CANCEL_REASON))
    return true
  }
}
