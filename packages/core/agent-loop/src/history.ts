// @dsh-pure
import type { ModelMessage } from 'dsh-model'
import { utf8ByteLength } from 'dsh-tools'

interface Exchange {
  readonly messages: ModelMessage[]
  bytes: number
}

/** UTF-8 size of a message as it counts against the bound. */
export function messageBytes(message: ModelMessage): number {
  switch (message.role) {
    case 'user': return utf8ByteLength(message.content)
    case 'tool': return utf8ByteLength(message.content) + utf8ByteLength(message.toolCallId)
    case 'assistant': return message.toolCalls.reduce((sum, c) => sum + utf8ByteLength(c.id) + utf8ByteLength(c.name) + utf8ByteLength(c.arguments), utf8ByteLength(message.content))
  }
}

/**
 * A conversation's messages, grouped in exchanges (a user prompt and everything after it up
 * to the next prompt) and bounded: past `maxBytes` the oldest whole exchanges are dropped
 * (never the current one), so a tool call never loses its result and the model always sees
 * the prompt it is answering.
 */
export class History {
  private readonly exchanges: Exchange[] = []
  private total = 0
  private dropped = 0

  constructor(private readonly maxBytes: number) {}

  /** Start an exchange with the user's prompt. */
  prompt(text: string): void {
    this.exchanges.push({ messages: [], bytes: 0 })
    this.append({ role: 'user', content: text })
  }

  append(message: ModelMessage): void {
    const current = this.exchanges.at(-1)
    if (!current) throw new Error('History.append before the first prompt')
    const bytes = messageBytes(message)
    current.messages.push(message)
    current.bytes += bytes
    this.total += bytes
    while (this.total > this.maxBytes && this.exchanges.length > 1) {
      const oldest = this.exchanges.shift()!
      this.total -= oldest.bytes
      this.dropped++
    }
  }

  messages(): ModelMessage[] {
    return this.exchanges.flatMap((e) => e.messages)
  }

  /** Bytes held, and how many exchanges the bound has dropped so far. */
  get size(): { readonly bytes: number; readonly droppedExchanges: number } {
    return { bytes: this.total, droppedExchanges: this.dropped }
  }
}
