// @dsh-pure
import { ModelError } from './errors'
import type { ModelEvent, ModelStopReason, ModelToolCall, ModelUsage } from './types'

/** One finished assistant message, as a turn's events built it. */
export interface CollectedTurn {
  readonly text: string
  readonly reasoning: string
  readonly toolCalls: readonly ModelToolCall[]
  readonly stopReason: ModelStopReason
  readonly usage: ModelUsage | undefined
}

/**
 * Folds a turn's events into the assistant message and checks the stream's shape: nothing
 * after `finish`, and a `finish` at the end (a provider that breaks this is a BAD_RESPONSE).
 */
export class TurnCollector {
  private text = ''
  private reasoning = ''
  private readonly calls: ModelToolCall[] = []
  private finish: { stopReason: ModelStopReason; usage: ModelUsage | undefined } | undefined

  constructor(private readonly source: string) {}

  add(event: ModelEvent): void {
    if (this.finish) throw new ModelError('BAD_RESPONSE', `${this.source} sent a ${event.type} event after the turn finished`)
    switch (event.type) {
      case 'text': this.text += event.delta; break
      case 'reasoning': this.reasoning += event.delta; break
      case 'tool-call': this.calls.push(event.call); break
      case 'finish': this.finish = { stopReason: event.stopReason, usage: event.usage }; break
    }
  }

  /** The message; throws BAD_RESPONSE when the stream ended without `finish`. */
  result(): CollectedTurn {
    if (!this.finish) throw new ModelError('BAD_RESPONSE', `${this.source} ended the turn without saying why it stopped`)
    return { text: this.text, reasoning: this.reasoning, toolCalls: [...this.calls], stopReason: this.finish.stopReason, usage: this.finish.usage }
  }
}

/** Run a whole turn into one message (tests and hosts that do not stream). */
export async function collectTurn(events: AsyncIterable<ModelEvent>, source = 'the model'): Promise<CollectedTurn> {
  const collector = new TurnCollector(source)
  for await (const event of events) collector.add(event)
  return collector.result()
}
