import type { ModelEvent } from 'dsh-model'
import { describe, expect, it } from 'vitest'
import { ChunkAssembler, MAX_TOOL_CALLS } from '../src'

const chunk = (delta: Record<string, unknown>, finish?: string) => JSON.stringify({ choices: [{ index: 0, delta, ...(finish ? { finish_reason: finish } : {}) }] })

function run(payloads: string[], done = true, max = 1 << 20): ModelEvent[] {
  const assembler = new ChunkAssembler(max)
  return [...payloads.flatMap((p) => assembler.push(p)), ...assembler.end(done)]
}

describe('ChunkAssembler', () => {
  it('streams text and reasoning at once, emits tool calls whole when the choice finishes', () => {
    const assembler = new ChunkAssembler(1 << 20)
    expect(assembler.push(chunk({ reasoning_content: 'hmm' }))).toEqual([{ type: 'reasoning', delta: 'hmm' }])
    expect(assembler.push(chunk({ content: 'Hi' }))).toEqual([{ type: 'text', delta: 'Hi' }])
    expect(assembler.push(chunk({ tool_calls: [{ index: 0, id: 'c', type: 'function', function: { name: 'job_list', arguments: '' } }] }))).toEqual([])
    expect(assembler.push(chunk({}, 'tool_calls'))).toEqual([{ type: 'tool-call', call: { id: 'c', name: 'job_list', arguments: '{}' } }])
    expect(assembler.end(true)).toEqual([{ type: 'finish', stopReason: 'tool-calls' }])
  })

  it('copes with servers that repeat the name, omit the index, or say "stop" after tool calls', () => {
    const events = run([
      chunk({ tool_calls: [{ id: 'a', function: { name: 'terminal_send', arguments: '{"text":' } }] }),
      chunk({ tool_calls: [{ id: 'a', function: { name: 'terminal_send', arguments: '"ls"}' } }] }),
      chunk({ tool_calls: [{ id: 'b', function: { name: 'terminal_list', arguments: '{}' } }] }),
      chunk({}, 'stop'),
    ])
    expect(events).toEqual([
      { type: 'tool-call', call: { id: 'a', name: 'terminal_send', arguments: '{"text":"ls"}' } },
      { type: 'tool-call', call: { id: 'b', name: 'terminal_list', arguments: '{}' } },
      { type: 'finish', stopReason: 'tool-calls' },
    ])
  })

  it('maps finish reasons and carries usage', () => {
    const usage = JSON.stringify({ choices: [], usage: { prompt_tokens: 5, completion_tokens: 6 } })
    expect(run([chunk({ content: 'x' }, 'length'), usage]).at(-1)).toEqual({ type: 'finish', stopReason: 'max-tokens', usage: { inputTokens: 5, outputTokens: 6 } })
    expect(run([chunk({}, 'content_filter')]).at(-1)).toEqual({ type: 'finish', stopReason: 'refusal' })
    expect(run([chunk({ content: 'x' })], true).at(-1)).toEqual({ type: 'finish', stopReason: 'end' })
  })

  it('names what is wrong with a malformed chunk', () => {
    expect(() => run(['[1,2]'])).toThrow('chunk 1 of the stream is not a JSON object: "[1,2]"')
    expect(() => run([JSON.stringify({ choices: {} })])).toThrow(/has "choices" that is not an array/)
    expect(() => run([chunk({ tool_calls: [{ index: 0, function: { arguments: '{}' } }] }, 'tool_calls')])).toThrow('tool call #0 has no function name')
    expect(() => run([chunk({ tool_calls: [{ index: -1 }] })])).toThrow(/index that is not a non-negative integer/)
    expect(() => run([JSON.stringify({ error: { message: 'model overloaded' } })])).toThrow(expect.objectContaining({ code: 'UNAVAILABLE', message: expect.stringMatching(/model overloaded/) }))
    expect(() => run([chunk({ content: 'x' })], false)).toThrow(/ended before the model finished/)
  })

  it('bounds tool calls: their count and the size of their arguments', () => {
    expect(() => run([chunk({ tool_calls: [{ index: MAX_TOOL_CALLS, id: 'z', function: { name: 'n' } }] })])).toThrow(/more than 64 tool calls/)
    expect(() => run([chunk({ tool_calls: [{ index: 0, id: 'z', function: { name: 'n', arguments: 'x'.repeat(33) } }] })], true, 32)).toThrow(/larger than maxEventBytes \(32 bytes\)/)
  })
})
