// @dsh-pure
import type { Agent } from 'dsh-agent'
import { ModelError, type ModelProvider, type ModelStopReason, type ModelToolSpec, type ModelUsage } from 'dsh-model'
import { AgentLoopError } from './errors'
import { History } from './history'
import { CANCELLED_BEFORE_START, notRun, type PendingCall, parseArguments, runToolRound, toolMessage } from './tool-round'
import type { LoopEvent, LoopOutcome, LoopPrompt, LoopStopReason, LoopTools, PromptOptions } from './types'

/** Where a conversation finds its seams; looked up at each prompt (a reloaded provider is picked up). */
export interface ConversationPorts {
  readonly model: () => ModelProvider
  readonly tools: () => LoopTools
  readonly systemPrompt: () => LoopPrompt | undefined
}

export interface ConversationOptions {
  readonly maxTurns: number
  readonly maxHistoryBytes: number
}

const NEVER = new AbortController().signal

function stopOf(reason: ModelStopReason): LoopStopReason {
  return reason === 'tool-calls' ? 'end' : reason
}

const isCancel = (error: unknown, signal: AbortSignal) => signal.aborted || (error instanceof ModelError && error.code === 'CANCELLED')

/**
 * One agent's conversation with the model: prompt -> model turn -> the tool calls of that
 * message, in order, through ctx.tools as the agent -> their results -> the next model turn,
 * until the model stops, `maxTurns` model requests were made, or the prompt is cancelled.
 * One prompt at a time; the history is kept between prompts (bounded).
 */
export class Conversation {
  private readonly history: History
  private running = false
  private calls = 0

  constructor(readonly agent: Agent, private readonly ports: ConversationPorts, private readonly options: ConversationOptions) {
    this.history = new History(options.maxHistoryBytes)
  }

  /** True while a prompt runs. */
  get busy(): boolean { return this.running }

  /** The messages the model would see next (a copy). */
  messages() { return this.history.messages() }

  /**
   * Run one prompt. Resolves with why it stopped; a model failure other than cancellation
   * rejects with its ModelError (the history keeps every call that ran, with its result).
   */
  async prompt(text: string, options: PromptOptions = {}): Promise<LoopOutcome> {
    if (this.running) throw new AgentLoopError('BUSY')
    if (this.agent.disposed) throw new AgentLoopError('AGENT_ENDED')
    this.running = true
    const signal = AbortSignal.any([options.signal ?? NEVER, this.agent.signal])
    const emit = async (event: LoopEvent) => {
      try { await options.onEvent?.(event) } catch { /* the host's delivery failed: the loop goes on */ }
    }
    const usage = { inputTokens: 0, outputTokens: 0 }
    let turns = 0
    const done = (stopReason: LoopStopReason): LoopOutcome => ({ stopReason, turns, usage: { ...usage } })
    try {
      this.history.prompt(text)
      for (;;) {
        if (signal.aborted) return done('cancelled')
        if (turns >= this.options.maxTurns) return done('max-turns')
        turns++
        const step = await this.modelTurn(signal, emit)
        if (step.usage) { usage.inputTokens += step.usage.inputTokens; usage.outputTokens += step.usage.outputTokens }
        if (step.kind === 'cancelled') return done('cancelled')
        if (step.calls.length === 0) return done(stopOf(step.stopReason))
        if (step.stopReason === 'max-tokens') {
          // the message was cut off: its calls may be truncated, so none runs
          for (const call of step.calls) await this.answer(call, notRun(call, 'MAX_TOKENS', 'not run: the model hit its output limit while writing this call'), emit)
          return done('max-tokens')
        }
        const cancelled = await runToolRound({
          agent: this.agent, tools: this.ports.tools(), calls: step.calls, signal, emit, record: (m) => this.history.append(m),
        })
        if (cancelled) return done('cancelled')
      }
    } finally {
      this.running = false
    }
  }

  /** One model request: stream its text, announce its calls, record the assistant message. */
  private async modelTurn(signal: AbortSignal, emit: (event: LoopEvent) => Promise<void>): Promise<
    | { kind: 'done'; calls: PendingCall[]; stopReason: ModelStopReason; usage: ModelUsage | undefined }
    | { kind: 'cancelled'; usage: undefined }
  > {
    const model = this.ports.model()
    const tools = this.ports.tools()
    const specs: ModelToolSpec[] = tools.list(this.agent).map(({ name, description, inputSchema }) => ({ name, description, inputSchema }))
    const system = this.ports.systemPrompt()?.render() ?? ''
    let text = ''
    const calls: PendingCall[] = []
    let finish: { stopReason: ModelStopReason; usage: ModelUsage | undefined } | undefined
    try {
      for await (const event of model.turn({ system, messages: this.history.messages(), tools: specs, signal })) {
        if (finish) throw new ModelError('BAD_RESPONSE', `${model.description} sent a ${event.type} event after the turn finished`)
        if (event.type === 'text') { text += event.delta; await emit(event) }
        else if (event.type === 'reasoning') await emit(event)
        else if (event.type === 'finish') finish = { stopReason: event.stopReason, usage: event.usage }
        else {
          const parsed = parseArguments(event.call.arguments)
          const call: PendingCall = {
            callId: `call-${++this.calls}`,
            name: event.call.name,
            raw: event.call.arguments,
            parsed,
            call: tools.present(event.call.name, parsed.ok ? parsed.args : event.call.arguments),
          }
          calls.push(call)
          await emit({ type: 'tool-call', callId: call.callId, name: call.name, arguments: parsed.ok ? parsed.args : call.raw, call: call.call })
        }
      }
      if (!finish) throw new ModelError('BAD_RESPONSE', `${model.description} ended the turn without saying why it stopped`)
    } catch (error) {
      // keep what the host already saw: the partial text and the announced calls, answered
      const cancelled = isCancel(error, signal)
      if (text !== '' || calls.length > 0) this.recordAssistant(text, calls)
      for (const call of calls) {
        await this.answer(call, cancelled
          ? notRun(call, 'CANCELLED', CANCELLED_BEFORE_START)
          : notRun(call, 'MODEL_FAILED', 'not run: the model failed before it finished this message'), emit)
      }
      if (cancelled) return { kind: 'cancelled', usage: undefined }
      throw error
    }
    this.recordAssistant(text, calls)
    return { kind: 'done', calls, stopReason: finish.stopReason, usage: finish.usage }
  }

  private recordAssistant(text: string, calls: readonly PendingCall[]): void {
    this.history.append({ role: 'assistant', content: text, toolCalls: calls.map((c) => ({ id: c.callId, name: c.name, arguments: c.raw })) })
  }

  private async answer(call: PendingCall, result: ReturnType<typeof notRun>, emit: (event: LoopEvent) => Promise<void>): Promise<void> {
    this.history.append(toolMessage(call, result))
    await emit({ type: 'tool-result', callId: call.callId, name: call.name, result })
  }
}
