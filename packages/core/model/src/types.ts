// @dsh-pure
/**
 * The model seam: one streaming chat turn. A provider (dsh-model-openai, dsh-model-script)
 * mounts as `ctx.model`; an agent loop calls `turn()` once per assistant message.
 */
import type { Context } from '@deepseek-ai/cordis'

/** One tool as the model sees it: the catalog entry of ctx.tools. */
export interface ModelToolSpec {
  readonly name: string
  readonly description: string
  /** JSON Schema of the arguments object. */
  readonly inputSchema: Record<string, unknown>
}

/** A tool call the model asked for. `arguments` is the JSON text exactly as the model sent it. */
export interface ModelToolCall {
  readonly id: string
  readonly name: string
  readonly arguments: string
}

/** The conversation so far (the system text is passed separately). */
export type ModelMessage =
  | { readonly role: 'user'; readonly content: string }
  | { readonly role: 'assistant'; readonly content: string; readonly toolCalls: readonly ModelToolCall[] }
  | { readonly role: 'tool'; readonly toolCallId: string; readonly name: string; readonly content: string; readonly isError: boolean }

/** Everything one turn needs. */
export interface ModelTurnRequest {
  readonly system: string
  readonly messages: readonly ModelMessage[]
  readonly tools: readonly ModelToolSpec[]
  /** Aborting it ends the turn with a CANCELLED ModelError (the stream is closed). */
  readonly signal: AbortSignal
}

/**
 * Why the model stopped: it finished (`end`), it wants the tool calls it sent run
 * (`tool-calls`), it hit its output limit (`max-tokens`), or it refused (`refusal`).
 */
export type ModelStopReason = 'end' | 'tool-calls' | 'max-tokens' | 'refusal'

export interface ModelUsage {
  readonly inputTokens: number
  readonly outputTokens: number
}

/**
 * What a turn streams, in order: text and reasoning deltas and whole tool calls (a provider
 * assembles a call from its deltas before emitting it), then exactly one `finish` last.
 */
export type ModelEvent =
  | { readonly type: 'text'; readonly delta: string }
  | { readonly type: 'reasoning'; readonly delta: string }
  | { readonly type: 'tool-call'; readonly call: ModelToolCall }
  | { readonly type: 'finish'; readonly stopReason: ModelStopReason; readonly usage?: ModelUsage }

/** ctx.model: a provider of streaming chat turns. */
export interface ModelProvider {
  /** Which model this is, for logs and the host's greeting (never a secret). */
  readonly description: string
  /**
   * Stream one assistant message. Failures (also thrown while iterating) are ModelErrors;
   * breaking out of the iteration closes the request.
   */
  turn(request: ModelTurnRequest): AsyncIterable<ModelEvent>
  /**
   * Optional check of the tool catalog a host serves, called once after the composition
   * booted (a script naming a tool that is not there fails here, before any prompt).
   */
  verify?(tools: readonly ModelToolSpec[]): void
}

declare module '@deepseek-ai/cordis' {
  interface Context { model: ModelProvider }
}

/** A context with a model mounted (what a plugin that injects `model` receives). */
export type ModelContext = Context & { readonly model: ModelProvider }
