import type { Context } from '@deepseek-ai/cordis'
import JobService, { JobsConfig } from 'dsh-jobs'
import { TerminalError } from 'dsh-terminal'
import { afterEach, describe, expect, it } from 'vitest'
import { bootHost } from './fixtures/host'
import { ScriptedOperation } from './fixtures/scripted-operation'
import { StubTerminals } from './fixtures/stub-terminals'

let root: Context | undefined
afterEach(async () => { await root?.fiber.dispose(); root = undefined })

async function setup(config: Record<string, unknown> = {}) {
  const terminals = new StubTerminals()
  const operations: ScriptedOperation[] = []
  terminals.operation = () => { const op = new ScriptedOperation(); operations.push(op); return op }
  const host = await bootHost({ terminals, config, extra: async (r) => { await r.plugin(JobService, JobsConfig.parse({})) } })
  root = host.root
  const agent = host.root.agents.create('a')
  const send = (text: string) => host.call(agent, 'terminal_send', { sessionId: 'pty-1', text, run_in_background: true })
  return { host, terminals, operations, agent, send, jobs: host.root.jobs }
}

describe('background sends through ctx.jobs (scripted operation)', () => {
  it('start a pty-send job labelled with the session and text, capped at maxResultBytes', async () => {
    const { send, jobs, agent, operations, terminals } = await setup({ maxResultBytes: 4096 })
    const result = await send('make test')
    expect(result.value).toEqual({ kind: 'background', jobId: 'pty-send-1' })
    expect(result.content).toBe('started background job pty-send-1')
    expect(result.call).toEqual({ card: 'generic', title: 'Send to terminal pty-1 in background', kind: 'execute' })
    expect(result.result).toBeUndefined()
    expect(terminals.calls[0]!.args[1]).toEqual({ text: 'make test', submit: true })
    expect(jobs.get(agent, 'pty-send-1')).toMatchObject({ kind: 'pty-send', label: 'pty-1: make test', status: 'running', outputLimitBytes: 4096 })

    operations[0]!.emit('compiling\n')
    expect(jobs.read(agent, 'pty-send-1').output).toBe('compiling\n')
    operations[0]!.emit('ok\n')
    operations[0]!.finish({ waitReason: 'stdin_read', sessionStatus: { kind: 'running' }, truncated: false })
    const final = await jobs.wait(agent, 'pty-send-1', 20_000)
    expect(final).toMatchObject({ status: 'completed', detail: 'wait: stdin_read' })
    expect(jobs.read(agent, 'pty-send-1').output).toBe('ok\n')
  })

  it('label an empty text as (input), and report a session that exited', async () => {
    const { send, jobs, agent, operations } = await setup()
    await send('')
    expect(jobs.get(agent, 'pty-send-1').label).toBe('pty-1: (input)')
    operations[0]!.finish({ waitReason: 'session_exit', sessionStatus: { kind: 'exited', exitCode: null, signal: 'SIGHUP' }, truncated: false })
    expect(await jobs.wait(agent, 'pty-send-1', 20_000)).toMatchObject({ status: 'completed', detail: 'session exited: SIGHUP' })
  })

  it('a busy session (SEND_ACTIVE) leaves no job id', async () => {
    const { send, jobs, agent, terminals } = await setup()
    terminals.operation = () => { throw new TerminalError('SEND_ACTIVE') }
    const result = await send('ls')
    expect(result.errorCode).toBe('SEND_ACTIVE')
    expect(jobs.list(agent)).toEqual([])
  })

  it('job kill cancels the send and the job reads killed', async () => {
    const { send, jobs, agent, operations } = await setup()
    await send('sleep 100')
    jobs.kill(agent, 'pty-send-1', 'no longer needed')
    expect(operations[0]!.cancels).toEqual(['no longer needed'])
    expect(jobs.get(agent, 'pty-send-1').status).toBe('stopping')
    operations[0]!.emit('^C\n')
    operations[0]!.finish({ waitReason: 'stdin_read', sessionStatus: { kind: 'running' }, truncated: false, exitCode: 130 })
    expect(await jobs.wait(agent, 'pty-send-1', 20_000)).toMatchObject({
      status: 'killed', detail: 'interrupted with SIGINT; the shell is back at its prompt (exit 130)',
    })
    // the output the program printed while it stopped is collected
    expect(jobs.read(agent, 'pty-send-1').output).toBe('^C\n')
  })

  it('a send that rejects fails the job with its message', async () => {
    const { send, jobs, agent, operations } = await setup()
    await send('x')
    operations[0]!.reject(new TerminalError('NO_SESSION'))
    const final = await jobs.wait(agent, 'pty-send-1', 20_000)
    expect(final.status).toBe('failed')
    expect(final.detail).toContain('no such terminal session')
  })
})
