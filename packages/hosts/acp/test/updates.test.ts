import { ModelError } from 'dsh-model'
import { describe, expect, it } from 'vitest'
import { jobUpdate, parseAcpArgs, requestErrorOf, promptText, sessionUpdateOf, titleAndKind } from '../src'

describe('session updates of agent-loop events', () => {
  it('maps call cards: the terminal card is execute, generic cards carry their kind', () => {
    expect(titleAndKind({ card: 'terminal', title: 'ls', description: 'Terminal pty-1' })).toEqual({ title: 'ls', kind: 'execute' })
    expect(titleAndKind({ card: 'generic', title: 'Read terminal pty-1', kind: 'read' })).toEqual({ title: 'Read terminal pty-1', kind: 'read' })
    expect(titleAndKind({ card: 'generic', title: 'Close terminal pty-1', kind: 'delete' })).toEqual({ title: 'Close terminal pty-1', kind: 'delete' })
  })

  it('a call is pending with its arguments as rawInput (a card\'s own rawInput wins)', () => {
    expect(sessionUpdateOf({ type: 'tool-call', callId: 'call-1', name: 'terminal_list', arguments: {}, call: { card: 'generic', title: 'List terminals', kind: 'read' } }))
      .toEqual({ sessionUpdate: 'tool_call', toolCallId: 'call-1', title: 'List terminals', kind: 'read', status: 'pending', rawInput: {} })
    expect(sessionUpdateOf({ type: 'tool-call', callId: 'c', name: 'x', arguments: { a: 1 }, call: { card: 'generic', title: 'x', kind: 'other', rawInput: { shown: true } } }))
      .toMatchObject({ rawInput: { shown: true } })
  })

  it('a result is one text block with the model-visible content, rawOutput the structured result or the error', () => {
    const call = { card: 'generic', title: 't', kind: 'read' } as const
    expect(sessionUpdateOf({ type: 'tool-result', callId: 'c', name: 'terminal_list', result: { content: '(no terminal sessions)', isError: false, value: [], call } })).toEqual({
      sessionUpdate: 'tool_call_update', toolCallId: 'c', status: 'completed',
      content: [{ type: 'content', content: { type: 'text', text: '(no terminal sessions)' } }], rawOutput: [],
    })
    expect(sessionUpdateOf({ type: 'tool-result', callId: 'c', name: 'terminal_send', result: { content: 'Error [SEND_ACTIVE]: busy', isError: true, errorCode: 'SEND_ACTIVE', call } }))
      .toMatchObject({ status: 'failed', rawOutput: { error: { code: 'SEND_ACTIVE', content: 'Error [SEND_ACTIVE]: busy' } } })
    expect(sessionUpdateOf({ type: 'text', delta: 'hi' })).toEqual({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'hi' } })
    expect(sessionUpdateOf({ type: 'reasoning', delta: 'hmm' })).toEqual({ sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text: 'hmm' } })
    expect(sessionUpdateOf({ type: 'tool-running', callId: 'c' })).toEqual({ sessionUpdate: 'tool_call_update', toolCallId: 'c', status: 'in_progress' })
  })

  it('a finished background job is a finished execute card of its session', () => {
    expect(jobUpdate({ jobId: 'pty-send-1', status: 'killed', content: 'x\n[status: killed, wait: timeout]' })).toMatchObject({
      sessionUpdate: 'tool_call', toolCallId: 'job-pty-send-1', title: 'Background job pty-send-1 killed', kind: 'execute', status: 'failed',
    })
  })
})

describe('prompt text', () => {
  it('joins text, names links and embedded text resources, and says what it cannot read', () => {
    expect(promptText([
      { type: 'text', text: 'look at' },
      { type: 'resource_link', uri: 'file:///w/a.py', name: 'a.py' },
      { type: 'resource', resource: { uri: 'file:///w/b.txt', text: 'hello' } },
      { type: 'image', data: 'AAAA', mimeType: 'image/png' },
    ])).toBe('look at\n@file:///w/a.py\n@file:///w/b.txt\nhello\n(image content was attached; this agent reads text only)')
  })
})

describe('errors and arguments', () => {
  it('a model failure keeps its code and retry-after; AUTH is ACP\'s auth_required', () => {
    expect(requestErrorOf(new ModelError('RATE_LIMITED', 'slow down', { retryAfterMs: 3000 }))).toMatchObject({ code: -32603, message: 'the model failed (RATE_LIMITED): slow down', data: { code: 'RATE_LIMITED', retryAfterMs: 3000 } })
    expect(requestErrorOf(new ModelError('AUTH', 'set DEEPSEEK_API_KEY'))).toMatchObject({ code: -32000, data: { code: 'AUTH' } })
    const limit = Object.assign(new Error('at most 2 agents may be live; end one first'), { code: 'AGENT_LIMIT' })
    expect(requestErrorOf(limit)).toMatchObject({ code: -32603, message: 'at most 2 agents may be live; end one first', data: { code: 'AGENT_LIMIT' } })
  })

  it('parses the command line', () => {
    expect(parseAcpArgs([])).toEqual({ kind: 'serve' })
    expect(parseAcpArgs(['acp', '--config', 'x.yml'])).toEqual({ kind: 'serve', config: 'x.yml' })
    expect(parseAcpArgs(['--config=x.yml'])).toEqual({ kind: 'serve', config: 'x.yml' })
    expect(parseAcpArgs(['--config'])).toMatchObject({ kind: 'error', message: expect.stringMatching(/--config needs a file path/) })
    expect(parseAcpArgs(['--port', '1'])).toEqual({ kind: 'error', message: 'unknown argument "--port"' })
    expect(parseAcpArgs(['-h'])).toEqual({ kind: 'help' })
  })
})
