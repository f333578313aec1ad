import { describe, expect, it } from 'vitest'
import { checkArgv, checkWorkspaceLayout, hiddenCwdReason, isWithin } from '../src'

describe('layout checks', () => {
  it('isWithin compares whole path components', () => {
    expect(isWithin('/tmp', '/tmp')).toBe(true)
    expect(isWithin('/tmp/a', '/tmp')).toBe(true)
    expect(isWithin('/tmpfoo', '/tmp')).toBe(false)
    expect(isWithin('/anything', '/')).toBe(true)
  })

  it('checkArgv wants a non-empty string list with a program', () => {
    expect(checkArgv(['bash', '-i'])).toEqual(['bash', '-i'])
    for (const bad of [[], [''], ['bash', 3], 'bash', undefined]) {
      expect(() => checkArgv(bad)).toThrow(expect.objectContaining({ code: 'BAD_ARGV' }))
    }
  })

  it('refuses a workspace root of / or inside the replaced /dev and /proc', () => {
    expect(() => checkWorkspaceLayout('/')).toThrow(expect.objectContaining({ code: 'BAD_WORKSPACE', message: expect.stringContaining('danger-full-access') }))
    expect(() => checkWorkspaceLayout('/proc/self')).toThrow(/lies in \/proc/)
    expect(() => checkWorkspaceLayout('/dev/shm/x')).toThrow(/lies in \/dev/)
    expect(checkWorkspaceLayout('/srv/devices')).toBeUndefined()
  })

  it('names why a working directory is hidden inside the Linux sandbox', () => {
    const ww = { mode: 'workspace-write', workspaceRoot: '/tmp/ws' } as const
    expect(hiddenCwdReason('/tmp/other', ww)).toMatch(/\/tmp is private/)
    expect(hiddenCwdReason('/tmp', ww)).toMatch(/\/tmp is private/)
    expect(hiddenCwdReason('/tmp/ws/src', ww)).toBeUndefined()
    expect(hiddenCwdReason('/home/me', ww)).toBeUndefined()
    expect(hiddenCwdReason('/proc/1', ww)).toMatch(/\/proc is replaced/)
    const ro = { mode: 'read-only', workspaceRoot: '/srv/ws' } as const
    expect(hiddenCwdReason('/tmp/other', ro)).toMatch(/\/tmp is private/)
    expect(hiddenCwdReason('/dev/shm', ro)).toMatch(/\/dev is replaced/)
    expect(hiddenCwdReason('/srv/other', ro)).toBeUndefined()
  })

  it('a masked socket directory hides a working directory in it, except the workspace put back', () => {
    const ro = { mode: 'read-only', workspaceRoot: '/run/user/7/ws' } as const
    expect(hiddenCwdReason('/run/user/7/other', ro, ['/run'])).toBe('/run holds host sockets and is empty inside the sandbox')
    expect(hiddenCwdReason('/run/user/7/ws/src', ro, ['/run'])).toBeUndefined()
    expect(hiddenCwdReason('/running', ro, ['/run'])).toBeUndefined()
  })
})
