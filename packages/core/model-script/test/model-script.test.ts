import { fileURLToPath } from 'node:url'
import { Context } from '@deepseek-ai/cordis'
import { collectTurn, type ModelMessage, type ModelToolSpec } from 'dsh-model'
import { afterEach, describe, expect, it } from 'vitest'
import { ScriptModel } from '../src'

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url))
const tool = (name: string): ModelToolSpec => ({ name, description: name, inputSchema: { type: 'object' } })
const SERVED = ['terminal_open', 'terminal_send', 'job_list'].map(tool)

let root: Context | undefined
afterEach(async () => { await root?.fiber.dispose(); root = undefined })

async function load(name: string): Promise<ScriptModel> {
  root = new Context()
  await root.plugin(ScriptModel, { path: fixture(name) })
  return root.model as ScriptModel
}

async function loadError(name: string): Promise<string> {
  root = new Context()
  try {
    await root.plugin(ScriptModel, { path: fixture(name) })
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('expected the load to fail')
}

const turn = (model: ScriptModel, messages: ModelMessage[]) => collectTurn(model.turn({ system: '', messages, tools: SERVED, signal: new AbortController().signal }))
const user: ModelMessage = { role: 'user', content: 'go' }
const assistant = (n: number): ModelMessage => ({ role: 'assistant', content: '', toolCalls: [{ id: `script-${n}-1`, name: 'x', arguments: '{}' }] })
const result = (content: string, isError = false): ModelMessage => ({ role: 'tool', toolCallId: 'x', name: 'x', content, isError })

describe('dsh-model-script', () => {
  it('plays turn N for a conversation with N assistant messages', async () => {
    const model = await load('turns.yml')
    model.verify(SERVED)
    expect(await turn(model, [user])).toEqual({
      text: 'Opening a shell.', reasoning: '', stopReason: 'tool-calls', usage: undefined,
      toolCalls: [{ id: 'script-1-1', name: 'terminal_open', arguments: '{"type":"shell","name":"main"}' }],
    })
    const second = await turn(model, [user, assistant(1), result('started terminal session pty-1 (main) [type: shell]')])
    expect(second.toolCalls).toEqual([{ id: 'script-2-1', name: 'terminal_send', arguments: JSON.stringify({ sessionId: 'pty-1', text: "python3 -c 'print(6*7)'" }) }])
  })

  it('picks the first case whose match holds against the last tool result', async () => {
    const model = await load('turns.yml')
    const before = [user, assistant(1), result('ok'), assistant(2)]
    expect((await turn(model, [...before, result('tok\r\n42\r\ndsh> ')])).text).toBe('The answer is 42.')
    expect((await turn(model, [...before, result('Error [SEND_ACTIVE]: busy', true)])).text).toBe('The send failed.')
    expect((await turn(model, [...before, result('142')])).text).toBe('I did not see 42.')
  })

  it('a match that fails is BAD_RESPONSE naming the file, the turn and what it saw', async () => {
    const model = await load('turns.yml')
    await expect(turn(model, [user, assistant(1), result('permission denied', true)])).rejects.toMatchObject({
      code: 'BAD_RESPONSE',
      message: `the script ${fixture('turns.yml')}: turns[1] has no case that matches the last tool result "permission denied"; fix its match or add a case without one`,
    })
  })

  it('scripts provider errors, stop reasons and malformed arguments; ends politely past the last turn', async () => {
    const model = await load('turns.yml')
    const three = [user, assistant(1), result('a'), assistant(2), result('b'), assistant(3), result('c')]
    await expect(turn(model, three)).rejects.toMatchObject({ code: 'RATE_LIMITED', message: 'scripted rate limit', retryAfterMs: 1500 })
    const past = await turn(model, [...three, assistant(4), result('d')])
    expect(past).toMatchObject({ stopReason: 'end', text: `(the script ${fixture('turns.yml')} has no turn 5: it ends after 4)` })
    const json = await load('turns.json')
    expect(await turn(json, [user])).toMatchObject({ text: 'hi', stopReason: 'refusal' })
    expect((await turn(json, [user, { role: 'assistant', content: 'hi', toolCalls: [] }, user])).toolCalls).toEqual([{ id: 'script-2-1', name: 'job_list', arguments: '{not json' }])
  })

  it('a cancelled turn is CANCELLED', async () => {
    const model = await load('turns.yml')
    const controller = new AbortController()
    controller.abort(new Error('session/cancel'))
    await expect(collectTurn(model.turn({ system: '', messages: [user], tools: SERVED, signal: controller.signal }))).rejects.toMatchObject({ code: 'CANCELLED' })
  })

  it('a bad file fails at load, naming the file and the field', async () => {
    expect(await loadError('bad-shape.yml')).toBe(`model-script: ${fixture('bad-shape.yml')}: turns[1].toolCalls[0].name: Invalid input: expected string, received undefined`)
    expect(await loadError('bad-cases.yml')).toBe(`model-script: ${fixture('bad-cases.yml')}: turns[0].cases[1]: a turn needs text, toolCalls or error`)
    expect(await loadError('not-yaml.script')).toMatch(new RegExp(`^model-script: ${fixture('not-yaml.script')} is not valid YAML: `))
    expect(await loadError('missing.yml')).toMatch(/^model-script: cannot read the script .*missing\.yml \(ENOENT\); a relative path starts at the directory the host runs in/)
  })

  it('verify: an unknown tool fails naming the file and the field (deliberate ones are marked)', async () => {
    const model = await load('unknown-tool.yml')
    expect(() => model.verify(SERVED)).toThrow(`model-script: ${fixture('unknown-tool.yml')}: turns[1].cases[1].toolCalls[0].name: no tool named "teleport" is served; served tools: job_list, terminal_open, terminal_send (mark a deliberate one with unknown: true)`)
  })
})
