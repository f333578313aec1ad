import type { Context } from '@deepseek-ai/cordis'
import { inputJsonSchema } from 'dsh-tools'
import { afterEach, describe, expect, it } from 'vitest'
import { DEFAULT_MAX_RESULT_BYTES, PROMPT_SECTION } from '../src'
import { OpenParams, SendParams, SendParamsWithBackground } from '../src/schemas/params'
import { bootHost } from './fixtures/host'
import { StubTerminals } from './fixtures/stub-terminals'

const TOOLS = ['terminal_close', 'terminal_list', 'terminal_open', 'terminal_read', 'terminal_send', 'terminal_signal']

let root: Context | undefined
afterEach(async () => { await root?.fiber.dispose(); root = undefined })

async function setup(config: Record<string, unknown> = {}) {
  const terminals = new StubTerminals()
  const host = await bootHost({ terminals, config })
  root = host.root
  const agent = host.root.agents.create('a')
  return { host, terminals, agent }
}

describe('the plugin', () => {
  it('registers the six tools and the tool:pty prompt section (order 106, the three sentences)', async () => {
    const { host } = await setup()
    expect(host.root.tools.list().map((t) => t.name)).toEqual(TOOLS)
    for (const listing of host.root.tools.list()) expect(listing.description).toContain('less auditable than one-shot tools')
    expect(host.root.systemPrompt.sections()).toEqual([PROMPT_SECTION])
    expect(PROMPT_SECTION.text).toBe('Use a terminal session only when work needs persistent terminal state or interactive stdin; prefer shell/read/write/edit for bounded one-shot operations. Track every terminal session id and close sessions that no longer matter. An inferred_idle or timeout result does not prove the foreground command exited.')
  })

  it('removes its tools and prompt section when unloaded', async () => {
    const terminals = new StubTerminals()
    const host = await bootHost({ terminals })
    root = host.root
    expect(host.root.tools.list()).toHaveLength(6)
    await host.unload()
    expect(host.root.tools.list()).toEqual([])
    expect(host.root.systemPrompt.sections()).toEqual([])
  })

  it('rejects a config below the minimum at load and registers nothing', async () => {
    const terminals = new StubTerminals()
    let loaded = false
    const failed = await bootHost({ terminals, config: { maxResultBytes: 63 }, extra: async (r) => { root = r } })
      .then(() => { loaded = true }, (error: unknown) => String(error))
    expect(loaded).toBe(false)
    expect(failed).toContain('maxResultBytes must be a safe integer >= 64 (MIN_MAX_RESULT_BYTES); got 63')
    expect(root!.tools.list()).toEqual([])
    expect(root!.systemPrompt.sections()).toEqual([])
  })
})

describe('schemas', () => {
  it('list each closed result schema as outputSchema, and the annotations', async () => {
    const { host } = await setup()
    const byName = new Map(host.root.tools.list().map((t) => [t.name, t]))
    for (const name of TOOLS) expect(byName.get(name)!.outputSchema, name).toBeDefined()
    expect(byName.get('terminal_close')!.outputSchema).toMatchObject({ type: 'object', required: ['sessionId', 'outcome'], additionalProperties: false })
    expect(byName.get('terminal_list')!.outputSchema).toMatchObject({ type: 'array', items: { type: 'object', additionalProperties: false } })
    expect(byName.get('terminal_send')!.outputSchema!.oneOf ?? byName.get('terminal_send')!.outputSchema!.anyOf).toHaveLength(2)
    const hints = Object.fromEntries(TOOLS.map((name) => [name, byName.get(name)!.annotations]))
    expect(hints.terminal_read).toMatchObject({ readOnlyHint: true })
    expect(hints.terminal_list).toMatchObject({ readOnlyHint: true })
    expect(hints.terminal_close).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true })
    expect(hints.terminal_send).toMatchObject({ readOnlyHint: false, destructiveHint: true, openWorldHint: true })
    for (const name of TOOLS) expect(hints[name]!.title, name).toMatch(/^[A-Z]/)
    await root?.fiber.dispose()
    const without = await setup({ enableRunInBackground: false })
    const send = without.host.root.tools.list().find((t) => t.name === 'terminal_send')!
    expect(send.outputSchema).toMatchObject({ type: 'object', properties: { kind: { const: 'foreground' } }, additionalProperties: false })
  })

  it('pin the JSON Schema of every tool, with and without run_in_background', async () => {
    const withBg = await setup()
    const catalog = Object.fromEntries(withBg.host.root.tools.list().map((t) => [t.name, t.inputSchema]))
    expect(catalog).toMatchSnapshot('catalog with background')
    await root?.fiber.dispose()
    const without = await setup({ enableRunInBackground: false })
    const send = without.host.root.tools.list().find((t) => t.name === 'terminal_send')!
    expect(send.inputSchema).toMatchSnapshot('terminal_send without background')
    expect(Object.keys(send.inputSchema.properties as object)).toEqual(['sessionId', 'text', 'submit'])
    expect(send.description).not.toContain('run_in_background')
    expect(inputJsonSchema(SendParamsWithBackground).properties).toHaveProperty('run_in_background')
    expect(inputJsonSchema(SendParams).additionalProperties).toBe(false)
  })

  it('describe every field', () => {
    for (const schema of [OpenParams, SendParamsWithBackground]) {
      for (const [key, field] of Object.entries(schema.shape)) expect(field.description, key).toBeTruthy()
    }
  })
})

describe('every tool requires an initiating agent', () => {
  const calls: [string, unknown][] = [
    ['terminal_open', { type: 'shell' }],
    ['terminal_send', { sessionId: 'pty-1', text: 'ls' }],
    ['terminal_read', { sessionId: 'pty-1' }],
    ['terminal_signal', { sessionId: 'pty-1', signal: 'SIGINT' }],
    ['terminal_close', { sessionId: 'pty-1' }],
    ['terminal_list', {}],
  ]
  it.each(calls)('%s', async (name, args) => {
    const { host, terminals } = await setup()
    const result = await host.call(undefined, name, args)
    expect(result.isError).toBe(true)
    expect(result.errorCode).toBe('NO_AGENT')
    expect(result.content).toBe('Error [NO_AGENT]: terminal tools require an initiating agent')
    expect(terminals.calls).toEqual([])
  })
})

describe('arguments', () => {
  it('refuse an empty sessionId and undeclared fields before anything runs', async () => {
    const { host, terminals, agent } = await setup()
    for (const name of ['terminal_send', 'terminal_read', 'terminal_signal', 'terminal_close']) {
      const result = await host.call(agent, name, { sessionId: '', text: 'x', signal: 'SIGINT' })
      expect(result.errorCode, name).toBe('INVALID_ARGUMENTS')
    }
    expect((await host.call(agent, 'terminal_list', { all: true })).errorCode).toBe('INVALID_ARGUMENTS')
    expect((await host.call(agent, 'terminal_signal', { sessionId: 'pty-1', signal: 'SIGUSR1' })).errorCode).toBe('INVALID_ARGUMENTS')
    expect(terminals.calls).toEqual([])
  })

  it('submit defaults to true; read offset/count default to 0/500', async () => {
    const { host, terminals, agent } = await setup()
    await host.call(agent, 'terminal_send', { sessionId: 'pty-1', text: 'ls' })
    await host.call(agent, 'terminal_send', { sessionId: 'pty-1', text: '\u0003', submit: false })
    await host.call(agent, 'terminal_read', { sessionId: 'pty-1' })
    expect(terminals.calls.map((c) => [c.method, c.args[0], c.args[1]])).toEqual([
      ['startSend', 'pty-1', expect.objectContaining({ text: 'ls', submit: true })],
      ['startSend', 'pty-1', expect.objectContaining({ text: '\u0003', submit: false })],
      ['read', 'pty-1', { offset: 0, count: 500 }],
    ])
    expect(terminals.calls.every((c) => c.owner === agent)).toBe(true)
  })
})

describe('results, texts and render intents', () => {
  it('terminal_open', async () => {
    const { host, agent } = await setup()
    const named = await host.call(agent, 'terminal_open', { type: 'shell', name: 'main', cwd: '/tmp' })
    expect(named.value).toEqual({ sessionId: 'pty-1', name: 'main', type: 'shell', pid: 4321, status: { kind: 'running' }, motd: 'welcome\n' })
    expect(named.content).toBe('started terminal session pty-1 (main) [type: shell]\nwelcome\n')
    expect(named.call).toEqual({ card: 'generic', title: 'Open terminal main', kind: 'execute' })
    expect(named.result).toBeUndefined()
    const plain = await host.call(agent, 'terminal_open', { type: 'shell' })
    expect(plain.call).toEqual({ card: 'generic', title: 'Open terminal shell', kind: 'execute' })
  })

  it('terminal_send foreground uses terminal cards', async () => {
    const { host, agent } = await setup()
    const result = await host.call(agent, 'terminal_send', { sessionId: 'pty-1', text: 'echo ok' })
    expect(result.value).toEqual({ kind: 'foreground', viewport: 'ok\n', waitReason: 'stdin_read', sessionStatus: { kind: 'running' }, truncated: false })
    expect(result.content).toBe('ok\n\n[wait: stdin_read]\n[session: running]')
    expect(result.call).toEqual({ card: 'terminal', title: 'echo ok', description: 'Terminal pty-1' })
    expect(result.result).toEqual({ card: 'terminal', output: result.content })
    const empty = await host.call(agent, 'terminal_send', { sessionId: 'pty-1', text: '' })
    expect(empty.call).toEqual({ card: 'terminal', title: '(send input)', description: 'Terminal pty-1' })
  })

  it('terminal_read, terminal_signal, terminal_close, terminal_list', async () => {
    const { host, agent, terminals } = await setup()
    const read = await host.call(agent, 'terminal_read', { sessionId: 'pty-1', offset: 3, count: 2 })
    expect(read.value).toEqual({ text: 'line\n', totalLines: 2, lineBegin: 0, lineEnd: 2, truncated: false })
    expect(read.content).toBe('line\n\n[lines: 0-2 of 2]')
    expect(read.call).toEqual({ card: 'generic', title: 'Read terminal pty-1', kind: 'read' })
    const signal = await host.call(agent, 'terminal_signal', { sessionId: 'pty-1', signal: 'SIGTERM' })
    expect(signal.value).toEqual({ delivered: true, targetPgid: 999 })
    expect(signal.content).toBe('delivered SIGTERM to foreground process group 999')
    expect(signal.call).toEqual({ card: 'generic', title: 'Send SIGTERM to terminal pty-1', kind: 'execute' })
    const close = await host.call(agent, 'terminal_close', { sessionId: 'pty-1' })
    expect(close.value).toEqual({ sessionId: 'pty-1', outcome: 'closed' })
    expect(close.content).toBe('closed terminal session pty-1')
    expect(close.call).toEqual({ card: 'generic', title: 'Close terminal pty-1', kind: 'delete' })
    terminals.sessions = [{ sessionId: 'pty-1' as never, name: 'main', type: 'shell', pid: 7, status: { kind: 'running' } }]
    const list = await host.call(agent, 'terminal_list', {})
    expect(list.value).toEqual(terminals.sessions)
    expect(list.content).toBe('pty-1 (main) [shell] running pid=7')
    expect(list.call).toEqual({ card: 'generic', title: 'List terminals', kind: 'read' })
    for (const r of [read, signal, close, list]) expect(r.result).toBeUndefined()
  })

  it('a backend result outside the closed schema is an INVALID_RESULT error', async () => {
    const { host, agent, terminals } = await setup()
    terminals.readOverride = { text: 'x', totalLines: -1, lineBegin: 0, lineEnd: 1, truncated: false }
    const result = await host.call(agent, 'terminal_read', { sessionId: 'pty-1' })
    expect(result.errorCode).toBe('INVALID_RESULT')
    expect(result.content).toContain('totalLines')
  })
})

describe('background sends', () => {
  it('are refused when disabled, by the strict schema, before anything is written', async () => {
    const { host, agent, terminals } = await setup({ enableRunInBackground: false })
    const result = await host.call(agent, 'terminal_send', { sessionId: 'pty-1', text: 'sleep 1', run_in_background: true })
    expect(result.errorCode).toBe('INVALID_ARGUMENTS')
    expect(result.content).toContain('run_in_background')
    expect(terminals.calls).toEqual([])
  })

  it('fail before writing when ctx.jobs is not mounted, naming the jobs packages', async () => {
    const { host, agent, terminals } = await setup()
    const result = await host.call(agent, 'terminal_send', { sessionId: 'pty-1', text: 'sleep 1', run_in_background: true })
    expect(result.errorCode).toBe('NO_JOBS')
    expect(result.content).toContain('dsh-jobs')
    expect(result.content).toContain('dsh-tool-jobs')
    expect(result.call).toEqual({ card: 'generic', title: 'Send to terminal pty-1 in background', kind: 'execute' })
    expect(terminals.calls).toEqual([])
  })
})

describe('bounding through finalizeContent', () => {
  it('caps error texts too, keeping their head', async () => {
    const { host, agent, terminals } = await setup({ maxResultBytes: 64 })
    terminals.failWith = Object.assign(new Error(`session pty-12 is gone: ${'€'.repeat(200)}`), { code: 'NO_SESSION' })
    const result = await host.call(agent, 'terminal_read', { sessionId: 'pty-12' })
    expect(Buffer.byteLength(result.content)).toBeLessThanOrEqual(64)
    expect(result.content.startsWith('Error [NO_SESSION]: session pty-12 is gone')).toBe(true)
    expect(result.content.endsWith('\n[output truncated]')).toBe(true)
  })

  it('keeps metadata of a send at 64 bytes with multi-byte output', async () => {
    const { host, agent, terminals } = await setup({ maxResultBytes: 64 })
    terminals.sendResult = { viewport: `${'日本語'.repeat(40)}END`, waitReason: 'stdin_read', sessionStatus: { kind: 'running' }, truncated: false }
    const result = await host.call(agent, 'terminal_send', { sessionId: 'pty-1', text: 'cat big' })
    expect(Buffer.byteLength(result.content)).toBeLessThanOrEqual(64)
    expect(result.content.endsWith('END\n[wait: stdin_read]\n[session: running]\n[output truncated]')).toBe(true)
    expect(result.result).toEqual({ card: 'terminal', output: result.content })
  })

  it('defaults to 262144 bytes', async () => {
    const { host, agent, terminals } = await setup()
    terminals.sendResult = { viewport: 'x'.repeat(DEFAULT_MAX_RESULT_BYTES * 2), waitReason: 'timeout', sessionStatus: { kind: 'running' }, truncated: false }
    const result = await host.call(agent, 'terminal_send', { sessionId: 'pty-1', text: 'yes' })
    expect(Buffer.byteLength(result.content)).toBe(DEFAULT_MAX_RESULT_BYTES)
  })
})
