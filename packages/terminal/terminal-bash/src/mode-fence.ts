import type { Agent, SessionEvent } from 'dsh-agent'
import { SANDBOX_MODE_EVENT, type SandboxPolicyProvider } from 'dsh-sandbox'
import { TerminalBashError } from './errors'

export interface ModeFenceDeps {
  readonly policy: () => SandboxPolicyProvider
  /** True while the agent has an open session, a spawn in flight, or unreported cleanup. */
  readonly hasActivity: (agent: Agent) => boolean
}

/**
 * The `agent/session-append` listener that vetoes a sandbox-mode change altering the
 * effective mode of an agent with terminal activity: the mode is a PTY's process boundary
 * for its whole lifetime, so it may only change once every session is closed. A write of
 * the same effective mode passes. Throwing here vetoes the append before it commits.
 */
export function modeFence(deps: ModeFenceDeps) {
  return (agent: Agent, event: SessionEvent): void => {
    if (event.type !== SANDBOX_MODE_EVENT || !deps.hasActivity(agent)) return
    const policy = deps.policy()
    const current = policy.resolve({ agent }).mode
    const next = policy.effectiveModeAfter(agent, event)
    if (next === current) return
    throw new TerminalBashError(
      'SANDBOX_MODE_LOCKED',
      `terminal-bash: cannot change the sandbox mode of agent ${agent.id} from "${current}" to "${next}" while it has terminal sessions open or being created; wait for terminal creation to settle and close its terminal sessions first (terminal_close), then change the mode`,
    )
  }
}
