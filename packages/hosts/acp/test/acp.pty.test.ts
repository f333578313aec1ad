import { existsSync, mkdtempSync, realpathSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { methods, type SessionNotification } from '@agentclientprotocol/sdk'
import { afterEach, describe, expect, it } from 'vitest'
import { processGone } from '../../host/test/helpers/procs'
import { overlayWith, scriptModel } from '../../headless/test/helpers/overlay'
import { AcpProcess, REPO_ROOT } from './helpers/acp-process'

// dsh-acp end to end: the real agent process (node packages/hosts/acp/lib/cli.js) over the
// ACP PTY overlay with the script provider, driven over stdio by the SDK's client side; real
// bash and python3 confined by bubblewrap (apt-get install bubblewrap).

const OVERLAY = fileURLToPath(new URL('../../../../examples/acp/pty.cordis.yml', import.meta.url))
const SCRIPT = fileURLToPath(new URL('./fixtures/scripted-turn.yml', import.meta.url))
const OPEN_SHELL = fileURLToPath(new URL('./fixtures/open-shell.yml', import.meta.url))
const WORKSPACE = fileURLToPath(new URL('./fixtures/workspace.yml', import.meta.url))

let acp: AcpProcess | undefined
afterEach(async () => { await acp?.kill(); acp = undefined })

type Update = SessionNotification['update']
const text = (u: Update) => ('content' in u && Array.isArray(u.content) ? u.content.map((c) => (c.type === 'content' && c.content.type === 'text' ? c.content.text : '')).join('') : '')

describe('dsh-acp over stdio with the SDK client', () => {
  it('a scripted session: shell, python 42, background job, cancel during sleep, modes, close leaves no process', async () => {
    // a send returns on proof of a prompt (stdin_read) here, never on silence: sleep 100 stays in flight until cancelled
    const config = overlayWith(OVERLAY, { 'terminal-bash': { idleSilenceMs: 600_000, timeoutMs: 600_000 } }, scriptModel(SCRIPT))
    acp = AcpProcess.start(config)
    const init = await acp.initialize()
    expect(init).toMatchObject({ protocolVersion: 1, agentInfo: { name: 'dsh' }, agentCapabilities: { loadSession: false } })

    const created = await acp.agent.request(methods.agent.session.new, { cwd: REPO_ROOT, mcpServers: [] })
    const sessionId = created.sessionId
    expect(sessionId).toBe('acp-1')
    expect(created.modes).toEqual({
      currentModeId: 'workspace-write',
      availableModes: [
        { id: 'read-only', name: 'Read only', description: expect.any(String) },
        { id: 'workspace-write', name: 'Workspace write', description: expect.any(String) },
        { id: 'danger-full-access', name: 'Full access', description: expect.any(String) },
      ],
    })

    // prompt 1: open a shell, a background echo, python3 print(6*7)
    const first = await acp.agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text: 'compute 6*7 in python' }] })
    expect(first).toEqual({ stopReason: 'end_turn' })
    const turn1 = acp.updates.splice(0)
    expect(turn1.every((n) => n.sessionId === sessionId)).toBe(true)
    const updates = turn1.map((n) => n.update)
    expect(updates[0]).toEqual({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'Opening a shell.' } })
    expect(updates[1]).toEqual({ sessionUpdate: 'tool_call', toolCallId: 'call-1', title: 'Open terminal main', kind: 'execute', status: 'pending', rawInput: { type: 'shell', name: 'main' } })
    expect(updates[2]).toEqual({ sessionUpdate: 'tool_call_update', toolCallId: 'call-1', status: 'in_progress' })
    expect(updates[3]).toMatchObject({ sessionUpdate: 'tool_call_update', toolCallId: 'call-1', status: 'completed', rawOutput: { sessionId: 'pty-1', type: 'shell', status: { kind: 'running' } } })
    const shellPid = (updates[3] as { rawOutput: { pid: number } }).rawOutput.pid
    expect(shellPid).toBeGreaterThan(1)
    // the background send: a generic execute card; its job completes as an update of this session
    expect(updates[4]).toMatchObject({ sessionUpdate: 'tool_call', toolCallId: 'call-2', title: 'Send to terminal pty-1 in background', kind: 'execute' })
    // the foreground python send: a terminal card, so kind execute and the sent text as title
    const python = updates.find((u) => u.sessionUpdate === 'tool_call' && u.title === 'print(6*7)')
    expect(python).toMatchObject({ kind: 'execute', status: 'pending', rawInput: { sessionId: 'pty-1', text: 'print(6*7)' } })
    const pythonId = (python as { toolCallId: string }).toolCallId
    const pythonDone = updates.find((u) => u.sessionUpdate === 'tool_call_update' && u.toolCallId === pythonId && u.status === 'completed')!
    expect(text(pythonDone)).toMatch(/(^|\n)42\r?\n/)
    expect(pythonDone).toMatchObject({ rawOutput: { kind: 'foreground', waitReason: 'stdin_read' } })
    expect((pythonDone as { content: unknown[] }).content).toHaveLength(1)
    expect(updates.at(-1)).toEqual({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'Python printed 42.' } })
    // no update anywhere carries locations
    expect(JSON.stringify(turn1)).not.toContain('locations')
    const job = await acp.until('the background job update', () => [...turn1, ...acp!.updates].find((n) => n.update.sessionUpdate === 'tool_call' && n.update.toolCallId === 'job-pty-send-1'))
    expect(job.sessionId).toBe(sessionId)
    expect(job.update).toMatchObject({ title: 'Background job pty-send-1 completed', kind: 'execute', status: 'completed', rawOutput: { jobId: 'pty-send-1', status: 'completed' } })
    expect(text(job.update)).toContain('bg42')
    acp.updates.splice(0)

    // prompt 2: leave python, then sleep 100; cancel once the sleep's call is in progress
    const second = acp.agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text: 'sleep' }] })
    const sleepCall = await acp.until('the sleep call', () => acp!.updates.find((n) => n.update.sessionUpdate === 'tool_call' && n.update.title === 'sleep 100'))
    const sleepId = (sleepCall.update as { toolCallId: string }).toolCallId
    await acp.until('the sleep call in progress', () => acp!.updates.find((n) => n.update.sessionUpdate === 'tool_call_update' && n.update.toolCallId === sleepId && n.update.status === 'in_progress'))
    await acp.agent.notify(methods.agent.session.cancel, { sessionId })
    expect(await second).toEqual({ stopReason: 'cancelled' })
    const cancelled = acp.updates.find((n) => n.update.sessionUpdate === 'tool_call_update' && n.update.toolCallId === sleepId && n.update.status === 'failed')
    expect(cancelled?.update).toMatchObject({ rawOutput: { error: { code: 'CANCELLED' } } })
    expect(text(cancelled!.update)).toBe('Error [CANCELLED]: tool call was cancelled (cancelled by the client (session/cancel))')
    acp.updates.splice(0)

    // modes: refused while the agent has an open PTY
    await expect(acp.agent.request(methods.agent.session.setMode, { sessionId, modeId: 'read-only' })).rejects.toMatchObject({
      code: -32603,
      message: expect.stringMatching(/^mode read-only refused: .*close/),
    })
    expect(acp.updates).toEqual([])

    // prompt 3: the model closes the terminal; then the mode change is accepted and reported
    expect(await acp.agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text: 'close it' }] })).toEqual({ stopReason: 'end_turn' })
    expect(processGone(shellPid)).toBe(true)
    acp.updates.splice(0)
    expect(await acp.agent.request(methods.agent.session.setMode, { sessionId, modeId: 'read-only' })).toEqual({})
    expect(acp.updates).toEqual([{ sessionId, update: { sessionUpdate: 'current_mode_update', currentModeId: 'read-only' } }])

    // an unknown mode and an unknown session are clear errors
    await expect(acp.agent.request(methods.agent.session.setMode, { sessionId, modeId: 'yolo' })).rejects.toMatchObject({ code: -32602, message: 'unknown mode "yolo"; the modes are read-only, workspace-write, danger-full-access' })
    await expect(acp.agent.request(methods.agent.session.prompt, { sessionId: 'nope', prompt: [] })).rejects.toMatchObject({ code: -32002 })

    acp.end()
    expect(await acp.exited).toEqual({ code: 0, signal: null })
  })

  it('closing the connection ends every session: each agent\'s shells are gone', async () => {
    const config = overlayWith(OVERLAY, {}, scriptModel(OPEN_SHELL))
    acp = AcpProcess.start(config)
    await acp.initialize()
    const pids: number[] = []
    for (let i = 0; i < 2; i++) {
      const { sessionId } = await acp.agent.request(methods.agent.session.new, { cwd: REPO_ROOT, mcpServers: [] })
      expect(await acp.agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text: 'open' }] })).toEqual({ stopReason: 'end_turn' })
      const opened = acp.updates.find((n) => n.sessionId === sessionId && n.update.sessionUpdate === 'tool_call_update' && n.update.status === 'completed')
      pids.push((opened!.update as { rawOutput: { pid: number } }).rawOutput.pid)
    }
    expect(pids.every((pid) => !processGone(pid))).toBe(true)
    acp.end()
    expect(await acp.exited).toEqual({ code: 0, signal: null })
    expect(pids.filter((pid) => !processGone(pid))).toEqual([])
  })

  it('the session\'s cwd is its agent\'s workspace: the shell starts there and may write there', async () => {
    const project = realpathSync(mkdtempSync(join(tmpdir(), 'dsh-acp-project-')))
    try {
      acp = AcpProcess.start(overlayWith(OVERLAY, {}, scriptModel(WORKSPACE)))
      await acp.initialize()
      const { sessionId } = await acp.agent.request(methods.agent.session.new, { cwd: project, mcpServers: [] })
      expect(await acp.agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text: 'where are you?' }] })).toEqual({ stopReason: 'end_turn' })
      const sent = acp.updates.find((n) => n.update.sessionUpdate === 'tool_call_update' && n.update.toolCallId === 'call-2' && n.update.status === 'completed')
      expect(text(sent!.update)).toContain(`\n${project}\nwrote2\n`)
      expect(existsSync(join(project, 'made-here'))).toBe(true)
      acp.end()
      expect(await acp.exited).toEqual({ code: 0, signal: null })
    } finally {
      rmSync(project, { recursive: true, force: true })
    }
  })
})
