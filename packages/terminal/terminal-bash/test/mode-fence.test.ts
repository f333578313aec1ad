import type { Agent, SessionEvent } from 'dsh-agent'
import type { SandboxMode } from 'dsh-sandbox'
import { describe, expect, it } from 'vitest'
import { modeFence, requestedMode } from '../src/mode-fence'

const agent = { id: 'agent-1' } as Agent
const event = (data: unknown, type = 'sandbox/mode') => ({ seq: 1, type, data, at: 0 }) as SessionEvent

function fence(current: SandboxMode, active: boolean) {
  return modeFence({
    policy: () => ({ resolve: () => ({ mode: current, workspaceRoot: '/w' }) }),
    hasActivity: () => active,
  })
}

describe('sandbox-mode fence', () => {
  it('reads the mode from a string or { mode }', () => {
    expect(requestedMode('read-only')).toBe('read-only')
    expect(requestedMode({ mode: 'workspace-write' })).toBe('workspace-write')
    expect(requestedMode({ mode: 'root' })).toBeUndefined()
    expect(requestedMode(null)).toBeUndefined()
  })

  it('vetoes a change of the effective mode while the agent has terminal activity', () => {
    expect(() => fence('workspace-write', true)(agent, event('danger-full-access'))).toThrow(
      expect.objectContaining({
        code: 'SANDBOX_MODE_LOCKED',
        message: expect.stringMatching(/wait for terminal creation to settle and close its terminal sessions first/),
      }),
    )
  })

  it('lets a same-mode write, an idle agent and other events pass', () => {
    expect(() => fence('workspace-write', true)(agent, event({ mode: 'workspace-write' }))).not.toThrow()
    expect(() => fence('workspace-write', false)(agent, event('danger-full-access'))).not.toThrow()
    expect(() => fence('workspace-write', true)(agent, event('danger-full-access', 'tool/call'))).not.toThrow()
  })
})
