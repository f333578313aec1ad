// @dsh-pure
import type { Agent } from 'dsh-agent'
import type { ModelUsage } from 'dsh-model'
import type { CallView, ToolExecuteRequest, ToolExecuteResult, ToolListing } from 'dsh-tools'

/** What the loop uses of ctx.tools. */
export interface LoopTools {
  list(agent: Agent): readonly ToolListing[]
  present(name: string, args: unknown): CallView
  execute(request: ToolExecuteRequest): Promise<ToolExecuteResult>
}

/** What the loop uses of ctx.systemPrompt. */
export interface LoopPrompt {
  render(): string
}

/**
 * What a prompt streams to its host, in order. Every `tool-call` is followed by exactly one
 * `tool-result` for the same callId (`tool-running` in between when the call starts).
 */
export type LoopEvent =
  | { readonly type: 'text'; readonly delta: string }
  | { readonly type: 'reasoning'; readonly delta: string }
  | { readonly type: 'tool-call'; readonly callId: string; readonly name: string; readonly arguments: unknown; readonly call: CallView }
  | { readonly type: 'tool-running'; readonly callId: string }
  | { readonly type: 'tool-result'; readonly callId: string; readonly name: string; readonly result: LoopToolResult }

/** A call's outcome as the host shows it. */
export interface LoopToolResult {
  readonly content: string
  readonly isError: boolean
  readonly value?: unknown
  readonly errorCode?: string
  readonly call: CallView
  readonly result?: ToolExecuteResult['result']
}

/**
 * Why a prompt ended: the model finished (`end`), hit its output limit (`max-tokens`),
 * refused (`refusal`), the loop reached maxTurns (`max-turns`), or it was cancelled.
 */
export type LoopStopReason = 'end' | 'max-tokens' | 'refusal' | 'max-turns' | 'cancelled'

export interface LoopOutcome {
  readonly stopReason: LoopStopReason
  /** Model requests this prompt made. */
  readonly turns: number
  /** Summed over the prompt's model requests that reported usage. */
  readonly usage: ModelUsage
}

export interface PromptOptions {
  /** Aborting it cancels the model stream and the running tool call; the prompt ends `cancelled`. */
  readonly signal?: AbortSignal
  /** Receives the prompt's events in order; awaited (a slow host slows the loop, nothing is dropped). */
  readonly onEvent?: (event: LoopEvent) => unknown
}
