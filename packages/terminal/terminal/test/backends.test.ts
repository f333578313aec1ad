import type { Context } from '@deepseek-ai/cordis'
import { afterEach, describe, expect, it } from 'vitest'
import { code, rejection, StubBackend, StubSession, type World, world, release } from './stubs'

let w: World
afterEach(() => release(w))

/** A backend plugin, as dsh-terminal-bash is one: registers its type on load. */
function backendPlugin(backend: StubBackend) {
  return { name: 'stub-backend', inject: ['terminals'], apply: (ctx: Context) => { ctx.terminals.registerBackend(backend) } }
}

describe('backend registry', () => {
  it('lists registered types and refuses a second backend of the same type', async () => {
    w = await world()
    expect(w.terminals.listBackends()).toEqual(['stub'])
    expect(() => w.terminals.registerBackend(new StubBackend('stub'))).toThrow(code('DUPLICATE_BACKEND'))
    expect(() => w.terminals.registerBackend(new StubBackend('stub'))).toThrow(/type "stub" is already registered; unload/)
    expect(w.terminals.listBackends()).toEqual(['stub'])
  })

  it('the disposer returned by registerBackend removes the type', async () => {
    w = await world()
    const off = w.terminals.registerBackend(new StubBackend('other'))
    expect(w.terminals.listBackends()).toEqual(['stub', 'other'])
    await off()
    expect(w.terminals.listBackends()).toEqual(['stub'])
  })

  it('an unknown type fails with NO_BACKEND naming the registered types', async () => {
    w = await world()
    const error = await rejection(w.terminals.spawn(w.alice, { type: 'fish' }))
    expect(error).toEqual(code('NO_BACKEND'))
    expect((error as Error).message).toContain('no terminal backend of type "fish" is registered')
    expect((error as Error).message).toContain('use one of: stub')
    expect(w.backend.spawns).toHaveLength(0)
  })

  it('with no backend at all, NO_BACKEND says to load a backend plugin', async () => {
    w = await world()
    await w.unregister()
    const error = await rejection(w.terminals.spawn(w.alice, { type: 'stub' }))
    expect(error).toEqual(code('NO_BACKEND'))
    expect((error as Error).message).toContain('load a backend plugin such as dsh-terminal-bash')
  })

  it('unloading the plugin that registered a backend removes its type', async () => {
    w = await world()
    const fiber = w.root.plugin(backendPlugin(new StubBackend('shell')))
    await fiber
    expect(w.terminals.listBackends()).toEqual(['stub', 'shell'])
    await fiber.dispose()
    expect(w.terminals.listBackends()).toEqual(['stub'])
    expect(await rejection(w.terminals.spawn(w.alice, { type: 'shell' }))).toEqual(code('NO_BACKEND'))
  })

  it('reloading a backend plugin keeps its sessions, still owned and usable', async () => {
    w = await world()
    const first = new StubBackend('shell')
    const fiber = w.root.plugin(backendPlugin(first))
    await fiber
    const opening = w.terminals.spawn(w.alice, { type: 'shell', name: 'kept' })
    const session = new StubSession()
    first.last.result.resolve(session)
    const { sessionId } = await opening
    await fiber.dispose()

    expect(w.terminals.list(w.alice).map((s) => s.sessionId)).toEqual([sessionId])
    expect(await w.terminals.read(w.alice, sessionId)).toEqual(expect.objectContaining({ text: 'page 0' }))
    expect(await rejection(w.terminals.read(w.bob, sessionId))).toEqual(code('FOREIGN_SESSION'))

    const second = new StubBackend('shell')
    await w.root.plugin(backendPlugin(second))
    const next = w.terminals.spawn(w.alice, { type: 'shell' })
    expect(second.last.request.sessionId).toBe('pty-2')
    second.last.result.resolve(new StubSession())
    await next
    expect(await w.terminals.kill(w.alice, sessionId)).toBe(true)
    expect(session.closes).toHaveLength(1)
  })

  it('reloading a tool plugin that opened a session keeps the session with its owner', async () => {
    w = await world()
    let toolCtx: Context | undefined
    const fiber = w.root.plugin({ name: 'tool-plugin', inject: ['terminals'], apply: (ctx: Context) => { toolCtx = ctx } })
    await fiber
    const opening = toolCtx!.terminals.spawn(w.alice, { type: 'stub' })
    const session = new StubSession()
    w.backend.last.result.resolve(session)
    const { sessionId } = await opening
    await fiber.dispose()
    expect(session.closes).toHaveLength(0)
    expect(w.terminals.list(w.alice).map((s) => s.sessionId)).toEqual([sessionId])
    expect(w.terminals.hasOwnerActivity(w.alice)).toBe(true)
  })
})
