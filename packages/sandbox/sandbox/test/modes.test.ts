import { describe, expect, it } from 'vitest'
import { SANDBOX_ERROR_MESSAGES, SANDBOX_MODES, SandboxError, isConfined, isSandboxMode, modeOfEventData, parseSandboxMode } from '../src'

describe('sandbox modes', () => {
  it('knows exactly the three modes and which are confined', () => {
    expect(SANDBOX_MODES).toEqual(['read-only', 'workspace-write', 'danger-full-access'])
    expect(SANDBOX_MODES.filter(isConfined)).toEqual(['read-only', 'workspace-write'])
    for (const mode of SANDBOX_MODES) expect(isSandboxMode(mode)).toBe(true)
    for (const other of ['READ-ONLY', '', 'full', undefined, null, 3, { mode: 'read-only' }]) expect(isSandboxMode(other)).toBe(false)
  })

  it('parseSandboxMode names the bad value and the choices', () => {
    expect(parseSandboxMode('workspace-write')).toBe('workspace-write')
    const error = (() => { try { parseSandboxMode('yolo') } catch (e) { return e } })()
    expect(error).toBeInstanceOf(SandboxError)
    expect(error).toMatchObject({ code: 'INVALID_MODE' })
    expect((error as Error).message).toContain('"yolo"')
    expect((error as Error).message).toContain('read-only, workspace-write, danger-full-access')
  })

  it('reads the mode of a sandbox/mode event only from { mode }', () => {
    expect(modeOfEventData({ mode: 'danger-full-access' })).toBe('danger-full-access')
    expect(() => modeOfEventData('read-only')).toThrow(expect.objectContaining({ code: 'INVALID_MODE' }))
    expect(() => modeOfEventData({ mode: 'root' })).toThrow(/"root"/)
    expect(() => modeOfEventData(null)).toThrow(/data \{ mode \}/)
    const long = { mode: 'x'.repeat(500) }
    const message = (() => { try { modeOfEventData(long) } catch (e) { return (e as Error).message } })()
    expect(message!.length).toBeLessThan(300)
  })

  it('every code has a default message with a next step', () => {
    for (const [code, message] of Object.entries(SANDBOX_ERROR_MESSAGES)) {
      const error = new SandboxError(code as keyof typeof SANDBOX_ERROR_MESSAGES)
      expect(error.message).toBe(message)
      expect(message).toMatch(/;/)
    }
    const cause = new Error('root cause')
    expect(new SandboxError('SANDBOX_UNAVAILABLE', 'x', { cause }).cause).toBe(cause)
    expect(SANDBOX_ERROR_MESSAGES.SANDBOX_UNAVAILABLE).toContain('apt-get install bubblewrap')
    expect(SANDBOX_ERROR_MESSAGES.SANDBOX_UNAVAILABLE).toContain('danger-full-access')
  })
})
