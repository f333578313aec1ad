import { afterEach, describe, expect, it } from 'vitest'
import { HeadlessProcess, ROOT_YML } from './helpers/headless-process'
import { normalize } from './helpers/normalize'
import { pinned, runTranscript } from './helpers/transcript'
import { fileURLToPath } from 'node:url'

// Headless snapshot overlays: scripted transcripts through the real CLI (what `pnpm dsh
// headless` runs) with a real bash confined by bubblewrap (apt-get install bubblewrap).
// Everything run-specific is replaced in ONE place: helpers/normalize.ts.

const TERMINAL_64_YML = fileURLToPath(new URL('./fixtures/terminal-64.yml', import.meta.url))

let host: HeadlessProcess | undefined
afterEach(async () => {
  // a failing test must not leave the host running
  await host?.kill()
  host = undefined
})

async function finish(h: HeadlessProcess) {
  h.end()
  expect(await h.exited, h.stderr).toEqual({ code: 0, signal: null })
}

const utf8 = (text: unknown) => new TextEncoder().encode(String(text)).length

describe('headless snapshots', () => {
  it('pins the tool catalog (every schema) and the system prompt of the default composition', async () => {
    host = HeadlessProcess.start(ROOT_YML)
    const turns = await runTranscript(host, [{ op: 'tools', agent: 'a' }, { op: 'prompt' }])
    const names = (turns[0]!.answer.result as { tools: { name: string }[] }).tools.map((t) => t.name)
    expect(names).toEqual(['job_kill', 'job_list', 'job_output', 'terminal_close', 'terminal_list', 'terminal_open', 'terminal_read', 'terminal_send', 'terminal_signal'])
    expect(pinned(turns)).toMatchSnapshot()
    await finish(host)
  })

  it('pins every result bounded to maxResultBytes: 64', async () => {
    host = HeadlessProcess.start(TERMINAL_64_YML)
    const turns = await runTranscript(host, [
      { agent: 'a', tool: 'terminal_open', args: { type: 'shell', name: 'bounded' } },
      { agent: 'a', tool: 'terminal_send', args: { sessionId: 'pty-1', text: 'for i in $(seq 1 30); do echo line-$i; done' } },
      { agent: 'a', tool: 'terminal_send', args: { sessionId: 'pty-1', text: "printf 'é€%.0s' $(seq 1 40); echo" } },
      { agent: 'a', tool: 'terminal_read', args: { sessionId: 'pty-1' } },
      { agent: 'a', tool: 'terminal_read', args: { sessionId: 'pty-1', offset: 5, count: 3 } },
      { agent: 'a', tool: 'terminal_list', args: {} },
      { agent: 'a', tool: 'terminal_send', args: { sessionId: 'pty-1', text: 'seq 1 40', run_in_background: true } },
      { agent: 'a', tool: 'job_output', args: { job_id: 'pty-send-1', wait: true } },
      { agent: 'a', tool: 'job_list', args: {} },
      { agent: 'a', tool: 'terminal_send', args: { sessionId: 'pty-404', text: 'x' } },
      { agent: 'a', tool: 'terminal_close', args: { sessionId: 'pty-1' } },
    ])
    for (const { answer } of turns) {
      expect(utf8(answer.content), String(answer.content)).toBeLessThanOrEqual(64)
      expect(String(answer.content)).not.toContain('\uFFFD')
    }
    expect(turns[0]!.answer.content).toMatch(/^started terminal session pty-1 /)
    expect(turns[6]!.answer.content).toBe('started background job pty-send-1')
    expect(pinned(turns)).toMatchSnapshot()
    const event = await host.until('the job-completed event', () => host!.messages.find((m) => m.event === 'job-completed'))
    expect(utf8(event.content)).toBeLessThanOrEqual(64)
    expect(normalize(event)).toMatchSnapshot()
    await finish(host)
  })

  it('pins the error texts', async () => {
    host = HeadlessProcess.start(ROOT_YML)
    const errors = await runTranscript(host, [
      'this is not json',
      { op: 'teleport' },
      { op: 'sandbox-mode', agent: 'a', mode: 'yolo' },
      { op: 'dispose-agent', agent: 'nobody' },
      { agent: 'a', tool: 'no_such_tool', args: {} },
      { agent: 'a', tool: 'terminal_open', args: { type: 'shell', name: 'main' } },
      { agent: 'a', tool: 'terminal_open', args: { type: 'shell', name: 'main' } },
      { agent: 'a', tool: 'terminal_open', args: { type: 'nope' } },
      { agent: 'a', tool: 'terminal_open', args: { type: 'shell', cwd: '/definitely/not/here' } },
      { agent: 'a', tool: 'terminal_send', args: { sessionId: 'pty-99', text: 'x' } },
      { agent: 'b', tool: 'terminal_send', args: { sessionId: 'pty-1', text: 'x' } },
      { agent: 'b', tool: 'terminal_read', args: { sessionId: 'pty-1' } },
      { agent: 'b', tool: 'terminal_signal', args: { sessionId: 'pty-1', signal: 'SIGINT' } },
      { agent: 'b', tool: 'terminal_close', args: { sessionId: 'pty-1' } },
      { agent: 'b', tool: 'terminal_list', args: {} },
      { agent: 'a', tool: 'terminal_send', args: { sessionId: 'pty-1' } },
      { agent: 'a', tool: 'terminal_send', args: { sessionId: 'pty-1', text: 'x', extra: 1 } },
      { agent: 'a', tool: 'terminal_send', args: { sessionId: '', text: 'x' } },
      { agent: 'a', tool: 'terminal_signal', args: { sessionId: 'pty-1', signal: 'SIGUSR1' } },
      { agent: 'a', tool: 'terminal_signal', args: { sessionId: 'pty-1', signal: 'SIGKILL' } },
      { agent: 'a', tool: 'terminal_send', args: { sessionId: 'pty-1', text: 'sleep 100', run_in_background: true } },
      { agent: 'a', tool: 'terminal_send', args: { sessionId: 'pty-1', text: 'echo busy' } },
      { agent: 'b', tool: 'job_output', args: { job_id: 'pty-send-1' } },
      { agent: 'b', tool: 'job_kill', args: { job_id: 'pty-send-1' } },
      { agent: 'a', tool: 'job_output', args: { job_id: 'pty-send-9' } },
      { op: 'sandbox-mode', agent: 'a', mode: 'read-only' },
      { agent: 'a', tool: 'job_kill', args: { job_id: 'pty-send-1' } },
    ])
    expect(errors.filter((t) => t.answer.ok === false)).toHaveLength(23)
    expect(pinned(errors)).toMatchSnapshot()

    // the killed send's output depends on how far the shell got: checked, not pinned
    const [collected] = await runTranscript(host, [{ agent: 'a', tool: 'job_output', args: { job_id: 'pty-send-1', wait: true } }])
    expect(collected!.answer.content).toMatch(/\[status: killed, [^\]]+\]$/)

    const after = await runTranscript(host, [
      { agent: 'a', tool: 'terminal_close', args: { sessionId: 'pty-1' } },
      { agent: 'a', tool: 'terminal_close', args: { sessionId: 'pty-1' } },
      { agent: 'a', tool: 'terminal_read', args: { sessionId: 'pty-1' } },
      { op: 'sandbox-mode', agent: 'a', mode: 'read-only' },
      { op: 'dispose-agent', agent: 'a' },
    ])
    expect(pinned(after)).toMatchSnapshot()
    await finish(host)
  })
})
