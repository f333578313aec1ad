// @dsh-pure
import type { ModelMessage, ModelToolSpec } from 'dsh-model'

/** What of the config shapes a request body. */
export interface BodyOptions {
  readonly model: string
  readonly maxTokens?: number | undefined
  readonly temperature?: number | undefined
  readonly streamUsage: boolean
}

type WireMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[] }
  | { role: 'tool'; tool_call_id: string; content: string }

/** The conversation in the /chat/completions wire format. */
export function wireMessages(system: string, messages: readonly ModelMessage[]): WireMessage[] {
  const out: WireMessage[] = system === '' ? [] : [{ role: 'system', content: system }]
  for (const message of messages) {
    switch (message.role) {
      case 'user': out.push({ role: 'user', content: message.content }); break
      case 'tool': out.push({ role: 'tool', tool_call_id: message.toolCallId, content: message.content }); break
      case 'assistant':
        out.push(message.toolCalls.length === 0
          ? { role: 'assistant', content: message.content }
          : {
              role: 'assistant',
              content: message.content === '' ? null : message.content,
              tool_calls: message.toolCalls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })),
            })
        break
    }
  }
  return out
}

/** The JSON body of one streaming /chat/completions request. */
export function requestBody(options: BodyOptions, system: string, messages: readonly ModelMessage[], tools: readonly ModelToolSpec[]): Record<string, unknown> {
  return {
    model: options.model,
    messages: wireMessages(system, messages),
    stream: true,
    ...(options.streamUsage ? { stream_options: { include_usage: true } } : {}),
    ...(tools.length > 0
      ? { tools: tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.inputSchema } })) }
      : {}),
    ...(options.maxTokens !== undefined ? { max_tokens: options.maxTokens } : {}),
    ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
  }
}
