// @dsh-pure
import type { SessionMode, SessionModeState } from '@agentclientprotocol/sdk'
import { SANDBOX_MODES, type SandboxMode } from 'dsh-sandbox'

/** The ACP session modes: the sandbox modes, in order of widening access. */
export const SESSION_MODES: readonly SessionMode[] = [
  { id: 'read-only', name: 'Read only', description: 'Terminals run confined: the file system is read-only.' },
  { id: 'workspace-write', name: 'Workspace write', description: 'Terminals run confined: the workspace is writable, the rest of the file system read-only.' },
  { id: 'danger-full-access', name: 'Full access', description: 'Terminals run unconfined, with everything the agent process may do.' },
]

export function isSessionMode(id: string): id is SandboxMode {
  return (SANDBOX_MODES as readonly string[]).includes(id)
}

/** The mode state a session/new answer advertises. */
export function modeState(current: SandboxMode): SessionModeState {
  return { currentModeId: current, availableModes: [...SESSION_MODES] }
}
