import type { Context } from '@deepseek-ai/cordis'
import type { ModelEvent, ModelProvider, ModelTurnRequest } from 'dsh-model'
import { cancelledError } from 'dsh-model'
import { afterEach, describe, expect, it } from 'vitest'
import { Conversation, History, type LoopEvent } from '../src'
import { compose, recorder } from './setup'

let root: Context | undefined
afterEach(async () => { await root?.fiber.dispose(); root = undefined })

describe('the agent loop over the script provider and real ctx.tools', () => {
  it('prompt -> model -> tool calls in order as the agent -> results -> model, until it stops', async () => {
    const c = await compose('two-rounds.yml')
    root = c.root
    const agent = root.agents.create('a')
    const conversation = root.agentLoop.conversation(agent)
    const { events, onEvent } = recorder()
    const outcome = await conversation.prompt('go', { onEvent })
    expect(outcome).toEqual({ stopReason: 'end', turns: 3, usage: { inputTokens: 0, outputTokens: 0 } })
    expect(c.ran).toEqual(['first', 'second'])
    expect(events.map(brief)).toEqual([
      'text Running two calls.',
      'call call-1 test_echo {"text":"first"} Echo first',
      'call call-2 test_echo {"text":"second"} Echo second',
      'running call-1',
      'result call-1 echo: first',
      'running call-2',
      'result call-2 echo: second',
      'call call-3 test_echo "{not json" test_echo',
      'call call-4 no_such_tool {} no_such_tool',
      expect.stringMatching(/^result call-3 Error \[INVALID_ARGUMENTS\]: the arguments of test_echo are not valid JSON: .+; call it again with one JSON object of its arguments$/),
      'running call-4',
      'result call-4 Error [UNKNOWN_TOOL]: no tool named "no_such_tool" is registered; available tools: test_echo, test_wait',
      'text All done.',
    ])
    // the tool calls ran as that agent: they are on its session log, with the loop's call ids
    expect(agent.session.events().filter((e) => e.type === 'tool/call').map((e) => (e.data as { callId: string }).callId)).toEqual(['call-1', 'call-2', 'call-4'])
    // every call of the history has its result, and the system prompt reached the model
    const history = conversation.messages()
    expect(history.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'tool', 'assistant', 'tool', 'tool', 'assistant'])
  })

  it('stops at maxTurns model requests (the last message\'s calls still run)', async () => {
    const c = await compose('forever.yml', { maxTurns: 2 })
    root = c.root
    const outcome = await root.agentLoop.conversation(root.agents.create('a')).prompt('loop')
    expect(outcome).toMatchObject({ stopReason: 'max-turns', turns: 2 })
    expect(c.ran).toEqual(['1', '2'])
  })

  it('cancellation aborts the running call and answers the rest without running them', async () => {
    const controller = new AbortController()
    const c = await compose('wait-then-echo.yml', {}, () => controller.abort(new Error('session/cancel')))
    root = c.root
    const conversation = root.agentLoop.conversation(root.agents.create('a'))
    const events: LoopEvent[] = []
    const outcome = await conversation.prompt('wait', { signal: controller.signal, onEvent: (e) => { events.push(e) } })
    expect(outcome.stopReason).toBe('cancelled')
    expect(c.ran).toEqual(['wait'])
    const results = events.flatMap((e) => (e.type === 'tool-result' ? [[e.callId, e.result.errorCode, e.result.content]] : []))
    expect(results).toEqual([
      ['call-1', 'CANCELLED', 'Error [CANCELLED]: tool call was cancelled (session/cancel)'],
      ['call-2', 'CANCELLED', 'Error [CANCELLED]: not run: the prompt was cancelled before this call started'],
    ])
    // the conversation goes on with the next prompt
    const next = recorder()
    expect(await conversation.prompt('again', { onEvent: next.onEvent })).toMatchObject({ stopReason: 'end' })
    expect(next.events.map(brief)).toEqual(['text Second prompt answered.'])
  })

  it('a model failure rejects the prompt with its ModelError; the history keeps what ran', async () => {
    const c = await compose('fails.yml')
    root = c.root
    const conversation = root.agentLoop.conversation(root.agents.create('a'))
    await expect(conversation.prompt('go')).rejects.toMatchObject({ code: 'UNAVAILABLE', message: 'scripted outage' })
    expect(c.ran).toEqual(['before the failure'])
    expect(conversation.messages().map((m) => m.role)).toEqual(['user', 'assistant', 'tool'])
    const retry = recorder()
    expect(await conversation.prompt('retry', { onEvent: retry.onEvent })).toMatchObject({ stopReason: 'end' })
    expect(retry.events.map(brief)).toEqual(['text recovered'])
  })

  it('one prompt at a time; none once the agent ended', async () => {
    let running!: () => void
    const started = new Promise<void>((r) => { running = r })
    const c = await compose('wait-then-echo.yml', {}, () => running())
    root = c.root
    const agent = root.agents.create('a')
    const conversation = root.agentLoop.conversation(agent)
    const first = conversation.prompt('wait')
    await started
    await expect(conversation.prompt('second')).rejects.toMatchObject({ code: 'BUSY' })
    // ending the agent cancels the running prompt
    await root.agents.dispose(agent)
    expect((await first).stopReason).toBe('cancelled')
    await expect(conversation.prompt('after')).rejects.toMatchObject({ code: 'AGENT_ENDED' })
  })
})

describe('model stream cancellation', () => {
  it('aborting mid-stream ends the prompt cancelled, keeping the partial text', async () => {
    const c = await compose('two-rounds.yml')
    root = c.root
    // a provider that streams one delta, then waits for the abort (pure fake beside the real ones)
    const stalling: ModelProvider = {
      description: 'stalling test model',
      async *turn(request: ModelTurnRequest): AsyncGenerator<ModelEvent> {
        yield { type: 'text', delta: 'partial' }
        if (!request.signal.aborted) await new Promise<void>((resolve) => request.signal.addEventListener('abort', () => resolve(), { once: true }))
        throw cancelledError(request.signal)
      },
    }
    const agent = root.agents.create('a')
    const conversation = new Conversation(agent, { model: () => stalling, tools: () => root!.tools, systemPrompt: () => undefined }, { maxTurns: 5, maxHistoryBytes: 1 << 20 })
    const controller = new AbortController()
    const outcome = await conversation.prompt('go', { signal: controller.signal, onEvent: () => { controller.abort() } })
    expect(outcome).toMatchObject({ stopReason: 'cancelled', turns: 1 })
    expect(conversation.messages()).toEqual([{ role: 'user', content: 'go' }, { role: 'assistant', content: 'partial', toolCalls: [] }])
  })
})

describe('History', () => {
  it('drops the oldest whole exchanges past the bound, never the current one', () => {
    const history = new History(20)
    history.prompt('0123456789')
    history.append({ role: 'assistant', content: 'abc', toolCalls: [] })
    history.prompt('second prompt!')
    expect(history.messages()).toEqual([{ role: 'user', content: 'second prompt!' }])
    history.append({ role: 'assistant', content: 'x'.repeat(30), toolCalls: [] })
    expect(history.messages().map((m) => m.role)).toEqual(['user', 'assistant'])
    expect(history.size).toEqual({ bytes: 44, droppedExchanges: 1 })
  })
})

function brief(event: LoopEvent): string {
  switch (event.type) {
    case 'text': return `text ${event.delta}`
    case 'reasoning': return `reasoning ${event.delta}`
    case 'tool-call': return `call ${event.callId} ${event.name} ${JSON.stringify(event.arguments)} ${event.call.title}`
    case 'tool-running': return `running ${event.callId}`
    case 'tool-result': return `result ${event.callId} ${event.result.content}`
  }
}
