import { Context } from '@deepseek-ai/cordis'
import { collectTurn, type ModelError, type ModelEvent, type ModelTurnRequest } from 'dsh-model'
import { afterEach, describe, expect, it } from 'vitest'
import { Config, type ConfigInput, OpenAIModel } from '../src'
import { errorAnswer, event, FakeOpenAI, finishChunk, startSse, textChunk, toolChunk, usageChunk, writeRaw } from './helpers/fake-openai'

// dsh-model-openai against a local OpenAI-compatible endpoint (node:http on 127.0.0.1) that
// answers with real server-sent events, statuses and headers.

const KEY_ENV = 'DSH_TEST_OPENAI_KEY'
const KEY = 'sk-test-0123456789abcdef'

let fake: FakeOpenAI | undefined
let root: Context | undefined
afterEach(async () => {
  await root?.fiber.dispose()
  await fake?.close()
  root = undefined
  fake = undefined
  delete process.env[KEY_ENV]
})

async function provider(config: Partial<ConfigInput> = {}): Promise<OpenAIModel> {
  root = new Context()
  await root.plugin(OpenAIModel, Config.parse({ baseUrl: fake!.baseUrl, model: 'test-model', apiKeyEnv: KEY_ENV, ...config }))
  return root.model as OpenAIModel
}

const TOOLS = [{ name: 'terminal_open', description: 'Open a terminal.', inputSchema: { type: 'object', properties: { type: { type: 'string' } } } }]

function request(signal = new AbortController().signal): ModelTurnRequest {
  return { system: 'You are a test.', messages: [{ role: 'user', content: 'open a shell' }], tools: TOOLS, signal }
}

async function failure(events: AsyncIterable<ModelEvent>): Promise<ModelError> {
  try {
    await collectTurn(events)
  } catch (error) {
    return error as ModelError
  }
  throw new Error('expected the turn to fail')
}

describe('dsh-model-openai against a fake OpenAI-compatible endpoint', () => {
  it('streams a full tool-calling turn whose deltas are split across chunks', async () => {
    fake = await FakeOpenAI.start(async (_req, res) => {
      startSse(res)
      const wire = [
        event(textChunk('I will open ')),
        event(textChunk('a shell.')),
        event(toolChunk(0, { id: 'call_a', name: 'terminal_open', arguments: '{"ty' })),
        event(toolChunk(0, { arguments: 'pe":"sh' })),
        event(toolChunk(0, { arguments: 'ell"}' })),
        event(toolChunk(1, { id: 'call_b', name: 'terminal_open', arguments: '{"type":"shell","name":"é€"}' })),
        event(finishChunk('tool_calls')),
        event(usageChunk(120, 17)),
        event('[DONE]'),
      ].join('')
      // cut the wire at awkward places: inside "data:", inside the JSON, between CR and LF
      // would not apply (LF only), and inside the multi-byte characters
      const bytes = Buffer.from(wire, 'utf8')
      const cuts = [3, 40, 41, 97, bytes.indexOf(Buffer.from('é')) + 1, bytes.indexOf(Buffer.from('€')) + 2, bytes.length - 5]
      let from = 0
      for (const cut of [...cuts.sort((a, b) => a - b), bytes.length]) {
        await writeRaw(res, bytes.subarray(from, cut) as unknown as string)
        from = cut
      }
      res.end()
    })
    process.env[KEY_ENV] = KEY
    const model = await provider()
    const turn = await collectTurn(model.turn(request()))
    expect(turn).toEqual({
      text: 'I will open a shell.',
      reasoning: '',
      toolCalls: [
        { id: 'call_a', name: 'terminal_open', arguments: '{"type":"shell"}' },
        { id: 'call_b', name: 'terminal_open', arguments: '{"type":"shell","name":"é€"}' },
      ],
      stopReason: 'tool-calls',
      usage: { inputTokens: 120, outputTokens: 17 },
    })
    const [sent] = fake.requests
    expect(sent!.url).toBe('/v1/chat/completions')
    expect(sent!.headers.authorization).toBe(`Bearer ${KEY}`)
    expect(sent!.body).toMatchObject({
      model: 'test-model',
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: 'system', content: 'You are a test.' }, { role: 'user', content: 'open a shell' }],
      tools: [{ type: 'function', function: { name: 'terminal_open', description: 'Open a terminal.' } }],
    })
  })

  it('sends the conversation back with tool calls and results in wire format', async () => {
    fake = await FakeOpenAI.start(async (_req, res) => {
      startSse(res)
      await writeRaw(res, event(textChunk('tok42 seen')) + event(finishChunk('stop')) + event('[DONE]'))
      res.end()
    })
    const model = await provider({ apiKeyEnv: undefined })
    const turn = await collectTurn(model.turn({
      system: '',
      messages: [
        { role: 'user', content: 'run it' },
        { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'terminal_open', arguments: '{"type":"shell"}' }] },
        { role: 'tool', toolCallId: 'c1', name: 'terminal_open', content: 'started terminal session pty-1', isError: false },
      ],
      tools: [],
      signal: new AbortController().signal,
    }))
    expect(turn).toMatchObject({ text: 'tok42 seen', stopReason: 'end', toolCalls: [] })
    const body = fake.requests[0]!.body
    expect(fake.requests[0]!.headers.authorization).toBeUndefined()
    expect(body.tools).toBeUndefined()
    expect(body.messages).toEqual([
      { role: 'user', content: 'run it' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'terminal_open', arguments: '{"type":"shell"}' } }] },
      { role: 'tool', tool_call_id: 'c1', content: 'started terminal session pty-1' },
    ])
  })

  it('401: AUTH naming the environment variable, never the key', async () => {
    fake = await FakeOpenAI.start((_req, res) => errorAnswer(res, 401, `Incorrect API key provided: ${KEY}`))
    process.env[KEY_ENV] = KEY
    const error = await failure((await provider()).turn(request()))
    expect(error.code).toBe('AUTH')
    expect(error.message).toContain(KEY_ENV)
    expect(error.message).toContain('HTTP 401')
    expect(error.message).toContain('<redacted>')
    expect(error.message).not.toContain(KEY)
    expect(fake.requests).toHaveLength(1)
  })

  it('an unset key variable fails with AUTH before any request', async () => {
    fake = await FakeOpenAI.start((_req, res) => errorAnswer(res, 500, 'must not be called'))
    const error = await failure((await provider()).turn(request()))
    expect(error.code).toBe('AUTH')
    expect(error.message).toBe(`the environment variable ${KEY_ENV} (apiKeyEnv) is not set; export it with your API key for ${fake.baseUrl}/chat/completions before starting the host`)
    expect(fake.requests).toHaveLength(0)
  })

  it('429 with retry-after: waits what the endpoint asked, then succeeds', async () => {
    fake = await FakeOpenAI.start(async (_req, res, n) => {
      if (n === 0) return errorAnswer(res, 429, 'slow down', { 'retry-after': '1' })
      startSse(res)
      await writeRaw(res, event(textChunk('after the wait')) + event(finishChunk('stop')) + event('[DONE]'))
      res.end()
    })
    const turn = await collectTurn((await provider({ apiKeyEnv: undefined })).turn(request()))
    expect(turn.text).toBe('after the wait')
    expect(fake.requests).toHaveLength(2)
    // retry-after: 1 means at least one second between the two requests (a lower bound holds under any load)
    expect(fake.requests[1]!.at - fake.requests[0]!.at).toBeGreaterThanOrEqual(990)
  })

  it('429 whose retry-after is longer than maxRetryWaitMs: RATE_LIMITED with retryAfterMs, no retry', async () => {
    fake = await FakeOpenAI.start((_req, res) => errorAnswer(res, 429, 'quota', { 'retry-after': '120' }))
    const error = await failure((await provider({ apiKeyEnv: undefined, maxRetryWaitMs: 5000 })).turn(request()))
    expect(error).toMatchObject({ code: 'RATE_LIMITED', retryAfterMs: 120_000 })
    expect(error.message).toMatch(/HTTP 429: "quota"\); wait 120 s and send the prompt again/)
    expect(fake.requests).toHaveLength(1)
  })

  it('500 then success: retried after the backoff', async () => {
    fake = await FakeOpenAI.start(async (_req, res, n) => {
      if (n === 0) return errorAnswer(res, 500, 'upstream exploded')
      startSse(res)
      await writeRaw(res, event(textChunk('recovered')) + event(finishChunk('stop')) + event('[DONE]'))
      res.end()
    })
    const turn = await collectTurn((await provider({ apiKeyEnv: undefined })).turn(request()))
    expect(turn.text).toBe('recovered')
    expect(fake.requests).toHaveLength(2)
  })

  it('5xx every time: UNAVAILABLE after maxRetries retries', async () => {
    fake = await FakeOpenAI.start((_req, res) => errorAnswer(res, 503, 'overloaded', { 'retry-after': '0' }))
    const error = await failure((await provider({ apiKeyEnv: undefined, maxRetries: 2 })).turn(request()))
    expect(error.code).toBe('UNAVAILABLE')
    expect(error.message).toMatch(/HTTP 503: "overloaded"/)
    expect(fake.requests).toHaveLength(3)
  })

  it('a malformed chunk: BAD_RESPONSE quoting it', async () => {
    fake = await FakeOpenAI.start(async (_req, res) => {
      startSse(res)
      await writeRaw(res, event(textChunk('fine so far')) + 'data: {"choices": [ this is not json\n\n')
      res.end()
    })
    const error = await failure((await provider({ apiKeyEnv: undefined })).turn(request()))
    expect(error.code).toBe('BAD_RESPONSE')
    expect(error.message).toBe('chunk 2 of the stream is not JSON: "{\\"choices\\": [ this is not json"')
  })

  it('a stream cut before it finished: BAD_RESPONSE', async () => {
    fake = await FakeOpenAI.start(async (_req, res) => {
      startSse(res)
      await writeRaw(res, event(textChunk('half')))
      res.end()
    })
    const error = await failure((await provider({ apiKeyEnv: undefined })).turn(request()))
    expect(error).toMatchObject({ code: 'BAD_RESPONSE', message: expect.stringMatching(/ended before the model finished/) })
  })

  it('an event larger than maxEventBytes: BAD_RESPONSE instead of unbounded buffering', async () => {
    fake = await FakeOpenAI.start(async (_req, res) => {
      startSse(res)
      for (let i = 0; i < 8; i++) await writeRaw(res, `data: ${'x'.repeat(1024)}`)
      res.end()
    })
    const error = await failure((await provider({ apiKeyEnv: undefined, maxEventBytes: 4096 })).turn(request()))
    expect(error).toMatchObject({ code: 'BAD_RESPONSE', message: expect.stringMatching(/larger than maxEventBytes \(4096 bytes\)/) })
  })

  it('cancellation mid-stream: CANCELLED, and the connection is closed', async () => {
    let serverSawClose: Promise<void> | undefined
    fake = await FakeOpenAI.start(async (_req, res) => {
      serverSawClose = new Promise((resolve) => res.once('close', () => resolve()))
      startSse(res)
      await writeRaw(res, event(textChunk('first words')))
      // then nothing more: the client must cancel
    })
    const controller = new AbortController()
    const seen: ModelEvent[] = []
    let caught: unknown
    try {
      for await (const e of (await provider({ apiKeyEnv: undefined })).turn(request(controller.signal))) {
        seen.push(e)
        controller.abort(new Error('session/cancel'))
      }
    } catch (error) {
      caught = error
    }
    expect(seen).toEqual([{ type: 'text', delta: 'first words' }])
    expect(caught).toMatchObject({ code: 'CANCELLED', message: 'the model turn was cancelled (session/cancel)' })
    await serverSawClose
  })

  it('an unreachable endpoint: UNAVAILABLE saying what to check', async () => {
    fake = await FakeOpenAI.start((_req, res) => errorAnswer(res, 500, 'unused'))
    const baseUrl = fake.baseUrl
    await fake.close()
    fake = undefined
    root = new Context()
    await root.plugin(OpenAIModel, Config.parse({ baseUrl, model: 'm' }))
    const error = await failure((root.model as OpenAIModel).turn(request()))
    expect(error.code).toBe('UNAVAILABLE')
    expect(error.message).toMatch(/^could not reach http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions \(.*ECONNREFUSED\); check baseUrl and that the server runs$/)
  })

  it('a silent endpoint: UNAVAILABLE after timeoutMs', async () => {
    fake = await FakeOpenAI.start(() => { /* never answers */ })
    const error = await failure((await provider({ apiKeyEnv: undefined, timeoutMs: 200 })).turn(request()))
    expect(error).toMatchObject({ code: 'UNAVAILABLE', message: expect.stringMatching(/did not answer within 200 ms \(timeoutMs\)/) })
  })
})
