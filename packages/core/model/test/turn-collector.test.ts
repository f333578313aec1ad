import { describe, expect, it } from 'vitest'
import { cancelledError, collectTurn, ModelError, type ModelEvent } from '../src/index'

async function* events(...list: ModelEvent[]): AsyncIterable<ModelEvent> {
  for (const event of list) yield event
}

describe('collectTurn', () => {
  it('folds text, reasoning and tool calls into one message', async () => {
    const turn = await collectTurn(events(
      { type: 'reasoning', delta: 'think' },
      { type: 'text', delta: 'Hel' },
      { type: 'text', delta: 'lo' },
      { type: 'tool-call', call: { id: 'c1', name: 'terminal_open', arguments: '{"type":"shell"}' } },
      { type: 'finish', stopReason: 'tool-calls', usage: { inputTokens: 3, outputTokens: 4 } },
    ))
    expect(turn).toEqual({
      text: 'Hello',
      reasoning: 'think',
      toolCalls: [{ id: 'c1', name: 'terminal_open', arguments: '{"type":"shell"}' }],
      stopReason: 'tool-calls',
      usage: { inputTokens: 3, outputTokens: 4 },
    })
  })

  it('refuses a stream without finish, or with events after it, as BAD_RESPONSE', async () => {
    await expect(collectTurn(events({ type: 'text', delta: 'x' }), 'test provider')).rejects.toMatchObject({
      code: 'BAD_RESPONSE', message: 'test provider ended the turn without saying why it stopped',
    })
    await expect(collectTurn(events({ type: 'finish', stopReason: 'end' }, { type: 'text', delta: 'late' }))).rejects.toMatchObject({
      code: 'BAD_RESPONSE', message: 'the model sent a text event after the turn finished',
    })
  })
})

describe('ModelError', () => {
  it('carries a code, a default message with a next step, and retry-after', () => {
    const error = new ModelError('RATE_LIMITED', undefined, { retryAfterMs: 2000 })
    expect(error.code).toBe('RATE_LIMITED')
    expect(error.retryAfterMs).toBe(2000)
    expect(error.message).toMatch(/wait and send the prompt again/)
  })

  it('names the abort reason when cancelled', () => {
    const controller = new AbortController()
    controller.abort(new Error('session/cancel'))
    const error = cancelledError(controller.signal)
    expect(error).toMatchObject({ code: 'CANCELLED', message: 'the model turn was cancelled (session/cancel)' })
  })
})
