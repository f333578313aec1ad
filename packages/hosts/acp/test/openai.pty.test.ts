import { fileURLToPath } from 'node:url'
import { methods } from '@agentclientprotocol/sdk'
import { afterEach, describe, expect, it } from 'vitest'
import { event, FakeOpenAI, finishChunk, startSse, textChunk, toolChunk, usageChunk, writeRaw } from '../../../core/model-openai/test/helpers/fake-openai'
import { overlayWith } from '../../headless/test/helpers/overlay'
import { AcpProcess, REPO_ROOT } from './helpers/acp-process'

// The ACP PTY overlay with its real model provider (dsh-model-openai) pointed at a local
// OpenAI-compatible endpoint (node:http, real SSE, tool-call deltas split across chunks):
// the model opens a shell and runs `echo tok$((20+22))`; the shell is real (bubblewrap).

const OVERLAY = fileURLToPath(new URL('../../../../examples/acp/pty.cordis.yml', import.meta.url))
const KEY_ENV = 'DSH_TEST_FAKE_OPENAI_KEY'

let fake: FakeOpenAI | undefined
let acp: AcpProcess | undefined
afterEach(async () => { await acp?.kill(); await fake?.close(); acp = undefined; fake = undefined })

type Body = { messages: { role: string; content: string | null }[]; tools: { function: { name: string } }[] }

describe('dsh-acp with dsh-model-openai against a fake endpoint', () => {
  it('streams a tool-calling conversation through a real shell', async () => {
    fake = await FakeOpenAI.start(async (req, res) => {
      const body = req.body as unknown as Body
      const results = body.messages.filter((m) => m.role === 'tool')
      startSse(res)
      if (results.length === 0) {
        await writeRaw(res, event(textChunk('Let me open ')) + event(textChunk('a shell.')))
        await writeRaw(res, event(toolChunk(0, { id: 'call_1', name: 'terminal_open', arguments: '{"type":' })))
        await writeRaw(res, event(toolChunk(0, { arguments: '"shell","name":"main"}' })) + event(finishChunk('tool_calls')))
      } else if (results.length === 1) {
        await writeRaw(res, event(toolChunk(0, { id: 'call_2', name: 'terminal_send', arguments: '{"sessionId":"pty-1",' })))
        await writeRaw(res, event(toolChunk(0, { arguments: '"text":"echo tok$((20+22))"}' })) + event(finishChunk('tool_calls')))
      } else {
        const seen = results.at(-1)!.content ?? ''
        await writeRaw(res, event(textChunk(seen.includes('tok42') ? 'The shell printed tok42.' : 'I saw no tok42.')) + event(finishChunk('stop')))
      }
      await writeRaw(res, event(usageChunk(100, 10)) + event('[DONE]'))
      res.end()
    })
    const config = overlayWith(OVERLAY, {}, [{ id: 'model', config: { baseUrl: fake.baseUrl, model: 'fake-model', apiKeyEnv: KEY_ENV } }])
    acp = AcpProcess.start(config, { [KEY_ENV]: 'sk-fake-key-for-tests' })
    await acp.initialize()
    const { sessionId } = await acp.agent.request(methods.agent.session.new, { cwd: REPO_ROOT, mcpServers: [] })
    const answer = await acp.agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text: 'compute 20+22 in a shell' }] })
    expect(answer).toEqual({ stopReason: 'end_turn' })
    const updates = acp.updates.map((n) => n.update)
    expect(updates.map((u) => [u.sessionUpdate, 'status' in u ? u.status : undefined, 'title' in u ? u.title : undefined])).toEqual([
      ['agent_message_chunk', undefined, undefined],
      ['agent_message_chunk', undefined, undefined],
      ['tool_call', 'pending', 'Open terminal main'],
      ['tool_call_update', 'in_progress', undefined],
      ['tool_call_update', 'completed', undefined],
      ['tool_call', 'pending', 'echo tok$((20+22))'],
      ['tool_call_update', 'in_progress', undefined],
      ['tool_call_update', 'completed', undefined],
      ['agent_message_chunk', undefined, undefined],
    ])
    const send = updates[7] as { content: { content: { text: string } }[]; rawOutput: { viewport: string } }
    expect(send.content[0]!.content.text).toMatch(/(^|\n)tok42\r?\n/)
    expect(updates[8]).toEqual({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'The shell printed tok42.' } })
    // what the endpoint received: the key as a Bearer token, the system prompt, the served tools
    expect(fake.requests).toHaveLength(3)
    expect(fake.requests.every((r) => r.headers.authorization === 'Bearer sk-fake-key-for-tests')).toBe(true)
    const first = fake.requests[0]!.body as unknown as Body
    expect(first.messages[0]).toMatchObject({ role: 'system', content: expect.stringContaining('Use a terminal session only when work needs persistent terminal state') })
    expect(first.tools.map((t) => t.function.name)).toEqual(['job_kill', 'job_list', 'job_output', 'terminal_close', 'terminal_list', 'terminal_open', 'terminal_read', 'terminal_send', 'terminal_signal'])
    expect(acp.stderr).not.toContain('sk-fake-key-for-tests')
    acp.end()
    expect(await acp.exited).toEqual({ code: 0, signal: null })
  })
})
