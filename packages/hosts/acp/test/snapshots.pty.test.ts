import { fileURLToPath } from 'node:url'
import { methods, type SessionNotification } from '@agentclientprotocol/sdk'
import { afterEach, describe, expect, it } from 'vitest'
import { stringify } from 'yaml'
import { event, FakeOpenAI, finishChunk, startSse, textChunk, writeRaw } from '../../../core/model-openai/test/helpers/fake-openai'
import { normalize } from '../../headless/test/helpers/normalize'
import { overlayWith, scriptModel, tempFile } from '../../headless/test/helpers/overlay'
import { BOUNDED_STEPS, ERROR_STEPS, type ToolStep } from '../../headless/test/helpers/overlay-steps'
import { AcpProcess, REPO_ROOT } from './helpers/acp-process'

// ACP snapshot overlays: the ACP PTY overlay (examples/acp/pty.cordis.yml) as written, with
// every terminal result bounded to 64 bytes and the script provider playing the same tool
// calls the headless overlay suite pins, recorded as session/update streams. What varies
// between runs is replaced by the headless suite's one normaliser (helpers/normalize.ts).

const OVERLAY = fileURLToPath(new URL('../../../../examples/acp/pty.cordis.yml', import.meta.url))
const utf8 = (text: string) => new TextEncoder().encode(text).length

/** A script that makes each step one model turn (one tool call), then says "done". */
function scriptOf(steps: readonly ToolStep[]): string {
  const turns = [...steps.map(({ tool, args }) => ({ toolCalls: [{ name: tool, arguments: args }] })), { text: 'done' }]
  return tempFile('dsh-script-', 'steps.yml', stringify({ turns }))
}

let acp: AcpProcess | undefined
let fake: FakeOpenAI | undefined
afterEach(async () => { await acp?.kill(); await fake?.close(); acp = undefined; fake = undefined })

/** Run the steps as one prompt; the updates of the turn, background job completions set apart (they arrive whenever the job ends). */
async function play(steps: readonly ToolStep[]): Promise<{ stream: SessionNotification['update'][]; jobs: SessionNotification['update'][] }> {
  acp = AcpProcess.start(overlayWith(OVERLAY, { 'tool-terminal': { maxResultBytes: 64 } }, scriptModel(scriptOf(steps))))
  await acp.initialize()
  const { sessionId } = await acp.agent.request(methods.agent.session.new, { cwd: REPO_ROOT, mcpServers: [] })
  expect(await acp.agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text: 'run the steps' }] })).toEqual({ stopReason: 'end_turn' })
  const updates = acp.updates.splice(0).map((n) => n.update)
  const isJob = (u: SessionNotification['update']) => u.sessionUpdate === 'tool_call' && u.toolCallId.startsWith('job-')
  return { stream: updates.filter((u) => !isJob(u)), jobs: updates.filter(isJob) }
}

/** The terminal tools' results are bounded to maxResultBytes (the job tools' own errors are not: no job carries a cap). */
function checkBounded(stream: SessionNotification['update'][], steps: readonly ToolStep[]): void {
  for (const u of stream) {
    if (u.sessionUpdate !== 'tool_call_update' || !u.content) continue
    // the loop numbers calls call-1, call-2, ... in the order the script made them: one per step
    if (!steps[Number(u.toolCallId.slice('call-'.length)) - 1]!.tool.startsWith('terminal_')) continue
    expect(u.content).toHaveLength(1)
    const block = u.content[0]!
    const text = block.type === 'content' && block.content.type === 'text' ? block.content.text : ''
    expect(utf8(text), text).toBeLessThanOrEqual(64)
    expect(text).not.toContain('\uFFFD')
  }
}

async function finish(): Promise<void> {
  acp!.end()
  expect(await acp!.exited, acp!.stderr).toEqual({ code: 0, signal: null })
}

describe('ACP PTY overlay snapshots (maxResultBytes: 64)', () => {
  it('pins the six terminal schemas as the model receives them', async () => {
    fake = await FakeOpenAI.start(async (_req, res) => {
      startSse(res)
      await writeRaw(res, event(textChunk('ok')) + event(finishChunk('stop')) + event('[DONE]'))
      res.end()
    })
    acp = AcpProcess.start(overlayWith(OVERLAY, { 'tool-terminal': { maxResultBytes: 64 } }, [{ id: 'model', config: { baseUrl: fake.baseUrl, model: 'fake-model' } }]))
    await acp.initialize()
    const { sessionId } = await acp.agent.request(methods.agent.session.new, { cwd: REPO_ROOT, mcpServers: [] })
    await acp.agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text: 'hi' }] })
    const body = fake.requests[0]!.body as { messages: { role: string; content: string }[]; tools: { function: { name: string } }[] }
    expect(body.tools.map((t) => t.function.name)).toEqual(['job_kill', 'job_list', 'job_output', 'terminal_close', 'terminal_list', 'terminal_open', 'terminal_read', 'terminal_send', 'terminal_signal'])
    expect(normalize({ system: body.messages[0], tools: body.tools })).toMatchSnapshot()
    await finish()
  })

  it('pins every result bounded to 64 bytes as a session/update stream', async () => {
    const { stream } = await play(BOUNDED_STEPS)
    checkBounded(stream, BOUNDED_STEPS)
    expect(stream.filter((u) => u.sessionUpdate === 'tool_call')).toHaveLength(BOUNDED_STEPS.length)
    expect(normalize(stream)).toMatchSnapshot()
    await finish()
  })

  it('pins the error texts as a session/update stream', async () => {
    const { stream, jobs } = await play(ERROR_STEPS)
    checkBounded(stream, ERROR_STEPS)
    const ends = stream.filter((u) => u.sessionUpdate === 'tool_call_update' && u.status !== 'in_progress').map((u) => (u as { status: string }).status)
    expect(ends).toEqual(['completed', 'failed', 'failed', 'failed', 'failed', 'failed', 'failed', 'failed', 'failed', 'completed', 'failed', 'failed', 'completed', 'completed', 'failed', 'failed'])
    expect(normalize(stream)).toMatchSnapshot()
    // the killed background send ends as an update of this session; its output depends on how far the shell got
    const job = jobs[0] ?? (await acp!.until('the killed job', () => acp!.updates.find((n) => n.update.sessionUpdate === 'tool_call' && n.update.toolCallId === 'job-pty-send-1')))?.update
    expect(job).toMatchObject({ toolCallId: 'job-pty-send-1', title: 'Background job pty-send-1 killed', status: 'failed' })
    await finish()
  })
})
