import { Context } from '@deepseek-ai/cordis'
import { afterEach, describe, expect, it } from 'vitest'
import { SystemPromptService } from '../src'

async function setup() {
  const root = new Context()
  await root.plugin(SystemPromptService)
  return root
}

describe('ctx.systemPrompt', () => {
  let root: Context | undefined
  afterEach(async () => { await root?.fiber.dispose() })

  it('renders sections by order, then by name, separated by a blank line', async () => {
    root = await setup()
    root.systemPrompt.section({ name: 'tool:pty', order: 106, text: 'PTY rules.' })
    root.systemPrompt.section({ name: 'b-intro', order: 1, text: '\n  Intro B.\n' })
    root.systemPrompt.section({ name: 'a-intro', order: 1, text: 'Intro A.' })
    root.systemPrompt.section({ name: 'empty', order: 50, text: '  ' })
    expect(root.systemPrompt.render()).toBe('Intro A.\n\n  Intro B.\n\nPTY rules.')
    expect(root.systemPrompt.sections().map((s) => s.name)).toEqual(['a-intro', 'b-intro', 'empty', 'tool:pty'])
  })

  it('refuses a duplicate name and keeps the first section', async () => {
    root = await setup()
    root.systemPrompt.section({ name: 'x', order: 1, text: 'first' })
    expect(() => root!.systemPrompt.section({ name: 'x', order: 2, text: 'second' }))
      .toThrow(expect.objectContaining({ code: 'DUPLICATE_SECTION', message: expect.stringContaining('"x"') }))
    expect(root.systemPrompt.render()).toBe('first')
  })

  it('refuses an invalid section naming the field', async () => {
    root = await setup()
    expect(() => root!.systemPrompt.section({ name: '', order: 1, text: 't' })).toThrow(expect.objectContaining({ code: 'INVALID_SECTION', message: expect.stringContaining('name') }))
    expect(() => root!.systemPrompt.section({ name: 'n', order: Number.NaN, text: 't' })).toThrow(/order must be a finite number, got NaN/)
    expect(root.systemPrompt.sections()).toEqual([])
  })

  it('a section lives as long as the plugin that added it, or until its disposer runs', async () => {
    root = await setup()
    let off: (() => void) | undefined
    const fiber = root.plugin({
      name: 'adds-sections',
      inject: ['systemPrompt'],
      apply: (ctx: Context) => {
        ctx.systemPrompt.section({ name: 'kept', order: 2, text: 'kept' })
        off = ctx.systemPrompt.section({ name: 'early', order: 1, text: 'early' })
      },
    })
    await fiber
    expect(root.systemPrompt.render()).toBe('early\n\nkept')
    off!()
    expect(root.systemPrompt.render()).toBe('kept')
    await fiber.dispose()
    expect(root.systemPrompt.render()).toBe('')
    root.systemPrompt.section({ name: 'kept', order: 1, text: 'again' })
    expect(root.systemPrompt.render()).toBe('again')
  })
})
