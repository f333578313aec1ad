import { Context } from '@deepseek-ai/cordis'
import AgentRegistry from 'dsh-agent'
import { afterEach, describe, expect, it } from 'vitest'
import * as z from 'zod'
import { defineTool, type ToolOutcome, ToolService } from '../src'

class CodedError extends Error {
  constructor(readonly code: string, message: string) { super(message) }
}

async function setup() {
  const root = new Context()
  await root.plugin(AgentRegistry)
  await root.plugin(ToolService)
  return root
}

function adder(finalized: ToolOutcome[] = [], runs: number[] = []) {
  return defineTool({
    name: 'add',
    description: 'Add two integers.',
    parameters: z.strictObject({
      a: z.number().int().describe('first'),
      b: z.number().int().default(1).describe('second'),
    }),
    execute: ({ a, b }) => { runs.push(a); return { sum: a + b } },
    render: (value) => `sum=${value.sum}`,
    finalizeContent: (content, outcome) => { finalized.push(outcome); return `${content}!` },
  })
}

describe('ctx.tools', () => {
  let root: Context | undefined
  afterEach(async () => { await root?.fiber.dispose() })

  it('lists the JSON Schema of the input: defaults optional, strict objects closed', async () => {
    root = await setup()
    root.tools.register(adder())
    const [listing] = root.tools.list()
    expect(listing).toEqual({
      name: 'add',
      description: 'Add two integers.',
      inputSchema: expect.objectContaining({
        type: 'object',
        required: ['a'],
        additionalProperties: false,
        properties: expect.objectContaining({ a: expect.objectContaining({ type: 'integer', description: 'first' }) }),
      }),
    })
    expect(listing!.inputSchema).not.toHaveProperty('$schema')
  })

  it('lists the result schema as outputSchema and the annotations, when the tool declares them', async () => {
    root = await setup()
    root.tools.register(defineTool({
      ...adder(),
      resultSchema: z.strictObject({ sum: z.number().int() }),
      annotations: { title: 'Add', readOnlyHint: true, idempotentHint: true },
    }))
    root.tools.register(defineTool({ ...adder(), name: 'plain' }))
    const [add, plain] = root.tools.list()
    expect(add!.outputSchema).toEqual({ type: 'object', properties: { sum: { type: 'integer', minimum: expect.any(Number), maximum: expect.any(Number) } }, required: ['sum'], additionalProperties: false })
    expect(add!.annotations).toEqual({ title: 'Add', readOnlyHint: true, idempotentHint: true })
    expect(plain).not.toHaveProperty('outputSchema')
    expect(plain).not.toHaveProperty('annotations')
    expect(() => root!.tools.register({ ...adder(), name: 'bad', resultSchema: { type: 'object' } as never }))
      .toThrow(expect.objectContaining({ code: 'INVALID_TOOL', message: 'tool bad: resultSchema must be a zod schema' }))
  })

  it('hands the progress probe a tool offers to the caller', async () => {
    root = await setup()
    let bytes = 0
    let release: () => void = () => {}
    const released = new Promise<void>((resolve) => { release = resolve })
    root.tools.register(defineTool({
      name: 'slow',
      description: 'Wait for a release.',
      parameters: z.strictObject({}),
      execute: async (_args, exec) => { exec.reportProgress(() => ({ outputBytes: bytes })); await released; return { ok: true } },
      render: () => 'done',
    }))
    const probes: (() => { outputBytes?: number })[] = []
    const call = root.tools.execute({ agent: undefined, name: 'slow', arguments: {}, reportProgress: (probe) => probes.push(probe) })
    await expect.poll(() => probes.length).toBe(1)
    bytes = 42
    expect(probes[0]!()).toEqual({ outputBytes: 42 })
    release()
    expect((await call).content).toBe('done')
    // without a listener the offer is a no-op
    root.tools.register(defineTool({ name: 'quiet', description: 'd', parameters: z.strictObject({}), execute: (_a, exec) => { exec.reportProgress(() => ({})); return 1 }, render: String }))
    expect((await root.tools.execute({ agent: undefined, name: 'quiet', arguments: {} })).content).toBe('1')
  })

  it('closes a non-strict parameters object too', async () => {
    root = await setup()
    root.tools.register(defineTool({ name: 'loose', description: 'd', parameters: z.object({ x: z.string() }), execute: () => 1, render: String }))
    expect(root.tools.list()[0]!.inputSchema.additionalProperties).toBe(false)
    const result = await root.tools.execute({ agent: undefined, name: 'loose', arguments: { x: 'a', y: 2 } })
    expect(result.errorCode).toBe('INVALID_ARGUMENTS')
  })

  it('runs a tool, renders its value and finalizes the content once', async () => {
    root = await setup()
    const finalized: ToolOutcome[] = []
    root.tools.register(adder(finalized))
    const result = await root.tools.execute({ agent: undefined, name: 'add', arguments: { a: 40, b: 2 } })
    expect(result).toMatchObject({ content: 'sum=42!', isError: false, value: { sum: 42 }, call: { card: 'generic', title: 'add', kind: 'other' } })
    expect(result.callId).toMatch(/^call-\d+$/)
    expect(finalized).toEqual([{ isError: false, value: { sum: 42 } }])
  })

  it('rejects an invalid field naming it, without running the tool, and finalizes once', async () => {
    root = await setup()
    const finalized: ToolOutcome[] = []
    const runs: number[] = []
    root.tools.register(adder(finalized, runs))
    const result = await root.tools.execute({ agent: undefined, name: 'add', arguments: { a: 'forty' } })
    expect(result.isError).toBe(true)
    expect(result.errorCode).toBe('INVALID_ARGUMENTS')
    expect(result.content).toMatch(/^Error \[INVALID_ARGUMENTS\]: invalid arguments for add: "a": .*expected number/)
    expect(result.content.endsWith('!')).toBe(true)
    expect(result).not.toHaveProperty('value')
    expect(runs).toEqual([])
    expect(finalized).toHaveLength(1)
    expect(finalized[0]).toMatchObject({ isError: true, errorCode: 'INVALID_ARGUMENTS' })
  })

  it('rejects an undeclared field naming it and the declared ones', async () => {
    root = await setup()
    const runs: number[] = []
    root.tools.register(adder([], runs))
    const result = await root.tools.execute({ agent: undefined, name: 'add', arguments: { a: 1, c: 3 } })
    expect(result.errorCode).toBe('INVALID_ARGUMENTS')
    expect(result.content).toContain('undeclared argument "c"; declared arguments: a, b')
    expect(runs).toEqual([])
  })

  it('refuses arguments that are not an object', async () => {
    root = await setup()
    root.tools.register(adder())
    const result = await root.tools.execute({ agent: undefined, name: 'add', arguments: [1, 2] })
    expect(result.errorCode).toBe('INVALID_ARGUMENTS')
    expect(result.content).toContain('(arguments): Invalid input: expected object')
  })

  it('answers an unknown tool with UNKNOWN_TOOL listing the catalog', async () => {
    root = await setup()
    root.tools.register(adder())
    const result = await root.tools.execute({ agent: undefined, name: 'nope', arguments: {} })
    expect(result).toMatchObject({ isError: true, errorCode: 'UNKNOWN_TOOL', call: { card: 'generic', title: 'nope' } })
    expect(result.content).toBe('Error [UNKNOWN_TOOL]: no tool named "nope" is registered; available tools: add')
  })

  it('turns a thrown coded error into model-visible content with its code; finalizes once', async () => {
    root = await setup()
    const finalized: ToolOutcome[] = []
    const boom = new CodedError('SEND_ACTIVE', 'pty-1 already has a send in flight')
    root.tools.register(defineTool({
      name: 'fail', description: 'fails', parameters: z.strictObject({}),
      execute: async (): Promise<string> => { throw boom },
      render: (v) => v,
      finalizeContent: (content, outcome) => { finalized.push(outcome); return content },
    }))
    const result = await root.tools.execute({ agent: undefined, name: 'fail', arguments: {} })
    expect(result).toMatchObject({ isError: true, errorCode: 'SEND_ACTIVE', content: 'Error [SEND_ACTIVE]: pty-1 already has a send in flight' })
    expect(finalized).toEqual([{ isError: true, error: boom, errorCode: 'SEND_ACTIVE' }])
  })

  it('an error without a code shows its message and gets TOOL_FAILED', async () => {
    root = await setup()
    root.tools.register(defineTool({ name: 'plain', description: 'd', parameters: z.strictObject({}), execute: () => { throw new Error('disk on fire') }, render: () => '' }))
    const result = await root.tools.execute({ agent: undefined, name: 'plain', arguments: undefined })
    expect(result).toMatchObject({ isError: true, errorCode: 'TOOL_FAILED', content: 'Error: disk on fire' })
  })

  it('a throwing render is an error outcome and still finalizes once', async () => {
    root = await setup()
    let count = 0
    root.tools.register(defineTool({
      name: 'badrender', description: 'd', parameters: z.strictObject({}), execute: () => 1,
      render: () => { throw new CodedError('RENDER', 'cannot render') },
      finalizeContent: (c) => { count++; return c },
    }))
    const result = await root.tools.execute({ agent: undefined, name: 'badrender', arguments: {} })
    expect(result).toMatchObject({ isError: true, errorCode: 'RENDER', content: 'Error [RENDER]: cannot render' })
    expect(count).toBe(1)
  })

  it('a throwing finalizeContent becomes a FINALIZE_FAILED error', async () => {
    root = await setup()
    root.tools.register(defineTool({
      name: 'badfinal', description: 'd', parameters: z.strictObject({}), execute: () => 'ok', render: (v) => v,
      finalizeContent: () => { throw new Error('limit unknown') },
    }))
    const result = await root.tools.execute({ agent: undefined, name: 'badfinal', arguments: {} })
    expect(result).toMatchObject({ isError: true, errorCode: 'FINALIZE_FAILED', content: 'Error [FINALIZE_FAILED]: finalizeContent of badfinal failed: limit unknown' })
    expect(result).not.toHaveProperty('value')
  })

  it('uses presentCall and presentResult when the tool provides them', async () => {
    root = await setup()
    root.tools.register(defineTool({
      name: 'echo', description: 'd', parameters: z.strictObject({ text: z.string() }),
      execute: ({ text }) => text.toUpperCase(), render: (v) => v,
      presentCall: ({ text }) => ({ card: 'terminal', title: text, description: 'Terminal pty-1' }),
      presentResult: (_v, content) => ({ card: 'terminal', output: content }),
    }))
    const result = await root.tools.execute({ agent: undefined, name: 'echo', arguments: { text: 'hi' } })
    expect(result.call).toEqual({ card: 'terminal', title: 'hi', description: 'Terminal pty-1' })
    expect(result.result).toEqual({ card: 'terminal', output: 'HI' })
  })

  it('present: the card of a call before it runs, the same card execute returns', async () => {
    root = await setup()
    root.tools.register(defineTool({
      name: 'echo', description: 'd', parameters: z.strictObject({ text: z.string() }),
      execute: ({ text }) => text, render: (v) => v,
      presentCall: ({ text }) => ({ card: 'terminal', title: text, description: 'Terminal pty-1' }),
    }))
    root.tools.register(adder())
    expect(root.tools.present('echo', { text: 'ls' })).toEqual({ card: 'terminal', title: 'ls', description: 'Terminal pty-1' })
    expect(root.tools.present('echo', { text: 'ls' })).toEqual((await root.tools.execute({ agent: undefined, name: 'echo', arguments: { text: 'ls' } })).call)
    // arguments that will not validate, a tool without presentCall, an unknown tool: the generic card
    expect(root.tools.present('echo', { text: 1 })).toEqual({ card: 'generic', title: 'echo', kind: 'other' })
    expect(root.tools.present('add', { a: 1 })).toEqual({ card: 'generic', title: 'add', kind: 'other' })
    expect(root.tools.present('nope', {})).toEqual({ card: 'generic', title: 'nope', kind: 'other' })
  })

  it('a cancelled call: the tool sees the abort and the result is CANCELLED', async () => {
    root = await setup()
    let seen: AbortSignal | undefined
    let started!: () => void
    const running = new Promise<void>((r) => { started = r })
    root.tools.register(defineTool({
      name: 'slow', description: 'd', parameters: z.strictObject({}),
      execute: (_args, exec) => new Promise<string>((_resolve, reject) => {
        seen = exec.signal
        exec.signal.addEventListener('abort', () => reject(exec.signal.reason))
        started()
      }),
      render: (v) => v,
    }))
    const controller = new AbortController()
    const pending = root.tools.execute({ agent: undefined, name: 'slow', arguments: {}, signal: controller.signal, callId: 'c-7' })
    await running
    controller.abort(new Error('user pressed stop'))
    const result = await pending
    expect(seen?.aborted).toBe(true)
    expect(result).toMatchObject({ callId: 'c-7', isError: true, errorCode: 'CANCELLED', content: 'Error [CANCELLED]: tool call was cancelled (user pressed stop)' })
  })

  it('an already-aborted signal does not run the tool', async () => {
    root = await setup()
    const runs: number[] = []
    root.tools.register(adder([], runs))
    const controller = new AbortController()
    controller.abort()
    const result = await root.tools.execute({ agent: undefined, name: 'add', arguments: { a: 1 }, signal: controller.signal })
    expect(result.errorCode).toBe('CANCELLED')
    expect(runs).toEqual([])
  })

  it('records tool/call and tool/result on the agent session log', async () => {
    root = await setup()
    root.tools.register(adder())
    const agent = root.agents.create('a')
    await root.tools.execute({ agent, name: 'add', arguments: { a: 2 }, callId: 'x1' })
    await root.tools.execute({ agent, name: 'add', arguments: { a: 'bad' }, callId: 'x2' })
    expect(agent.session.events().map((e) => [e.type, e.data])).toEqual([
      ['tool/call', { callId: 'x1', name: 'add', arguments: { a: 2 } }],
      ['tool/result', { callId: 'x1', name: 'add', isError: false, content: 'sum=3!' }],
      ['tool/call', { callId: 'x2', name: 'add', arguments: { omittedBytes: 11 } }],
      ['tool/result', expect.objectContaining({ callId: 'x2', isError: true, errorCode: 'INVALID_ARGUMENTS' })],
    ])
  })

  it('150 rejected 4 MiB calls are recorded by size and the session log stays within its budget', async () => {
    root = await setup()
    const runs: number[] = []
    root.tools.register(adder([], runs))
    const agent = root.agents.create('a')
    const bogus = 'x'.repeat(4 * 1024 * 1024)
    for (let i = 0; i < 150; i++) {
      const result = await root.tools.execute({ agent, name: i % 2 === 0 ? 'add' : 'job_list', arguments: { junk: bogus }, callId: `r${i}` })
      expect(result.errorCode).toBe(i % 2 === 0 ? 'INVALID_ARGUMENTS' : 'UNKNOWN_TOOL')
    }
    expect(runs).toEqual([])
    const calls = agent.session.events('tool/call')
    expect(calls.length).toBeGreaterThan(0)
    // {"junk":"x…x"}: recorded by its size, never its content
    for (const call of calls) expect((call.data as { arguments: unknown }).arguments).toEqual({ omittedBytes: 4 * 1024 * 1024 + 11 })
    expect(agent.session.bytes).toBeLessThanOrEqual(agent.session.limits.logBytes)
    expect(JSON.stringify(agent.session.events()).length).toBeLessThanOrEqual(agent.session.limits.logBytes)
  })

  it('a vetoed tool/call event stops the call before the tool runs', async () => {
    root = await setup()
    const runs: number[] = []
    root.tools.register(adder([], runs))
    const agent = root.agents.create('a')
    root.on('agent/session-append', (_agent, event) => { if (event.type === 'tool/call') throw new Error('policy: no tools now') })
    const result = await root.tools.execute({ agent, name: 'add', arguments: { a: 2 } })
    expect(result).toMatchObject({ isError: true, errorCode: 'EVENT_VETOED', content: 'Error [EVENT_VETOED]: policy: no tools now!' })
    expect(runs).toEqual([])
  })

  it('refuses a duplicate name with DUPLICATE_TOOL and keeps the first', async () => {
    root = await setup()
    root.tools.register(adder())
    expect(() => root!.tools.register(adder())).toThrow(expect.objectContaining({ code: 'DUPLICATE_TOOL' }))
    expect(root.tools.list().map((t) => t.name)).toEqual(['add'])
  })

  it('refuses an invalid definition with INVALID_TOOL', async () => {
    root = await setup()
    const bad = { ...adder(), name: 'has space' }
    expect(() => root!.tools.register(bad)).toThrow(expect.objectContaining({ code: 'INVALID_TOOL', message: expect.stringContaining('"has space"') }))
    expect(root.tools.list()).toEqual([])
  })

  it('removes a registration when the registering plugin unloads, or when disposed early', async () => {
    root = await setup()
    let off: (() => void) | undefined
    const fiber = root.plugin({
      name: 'adds',
      inject: ['tools'],
      apply: (ctx: Context) => { ctx.tools.register(adder()); off = ctx.tools.register({ ...adder(), name: 'add2' }) },
    })
    await fiber
    expect(root.tools.list().map((t) => t.name)).toEqual(['add', 'add2'])
    off!()
    expect(root.tools.has('add2')).toBe(false)
    await fiber.dispose()
    expect(root.tools.list()).toEqual([])
    // the name is free again
    root.tools.register(adder())
    expect(root.tools.has('add')).toBe(true)
  })
})
