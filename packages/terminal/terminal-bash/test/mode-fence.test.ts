import type { Agent, SessionEvent } from 'dsh-agent'
import type { SandboxMode, SandboxPolicyProvider } from 'dsh-sandbox'
import { describe, expect, it } from 'vitest'
import { modeFence } from '../src/mode-fence'

const agent = { id: 'agent-1' } as Agent
const event = (mode: SandboxMode | undefined, type = 'sandbox/mode') => ({ seq: 1, type, data: mode === undefined ? {} : { mode }, at: 0 }) as SessionEvent

function fence(current: SandboxMode, active: boolean, fallback: SandboxMode = current) {
  const policy = {
    defaultMode: fallback,
    workspaceRoot: '/w',
    resolve: () => ({ mode: current, workspaceRoot: '/w' }),
    effectiveModeAfter: (_: Agent, e: SessionEvent) => (e.data as { mode?: SandboxMode }).mode ?? fallback,
  } as unknown as SandboxPolicyProvider
  return modeFence({ policy: () => policy, hasActivity: () => active })
}

describe('sandbox-mode fence', () => {
  it('vetoes a change of the effective mode while the agent has terminal activity', () => {
    expect(() => fence('workspace-write', true)(agent, event('danger-full-access'))).toThrow(
      expect.objectContaining({
        code: 'SANDBOX_MODE_LOCKED',
        message: expect.stringMatching(/from "workspace-write" to "danger-full-access".*wait for terminal creation to settle and close its terminal sessions first/),
      }),
    )
  })

  it('compares effective modes, not the written value', () => {
    // the written event resolves to the same effective mode the agent already has
    expect(() => fence('read-only', true, 'read-only')(agent, event(undefined))).not.toThrow()
    expect(() => fence('workspace-write', true, 'read-only')(agent, event(undefined))).toThrow(/to "read-only"/)
  })

  it('lets a same-mode write, an idle agent and other events pass', () => {
    expect(() => fence('workspace-write', true)(agent, event('workspace-write'))).not.toThrow()
    expect(() => fence('workspace-write', false)(agent, event('danger-full-access'))).not.toThrow()
    expect(() => fence('workspace-write', true)(agent, event('danger-full-access', 'tool/call'))).not.toThrow()
  })
})
