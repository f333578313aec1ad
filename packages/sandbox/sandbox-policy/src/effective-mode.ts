// @dsh-pure
import { SANDBOX_MODE_EVENT, SandboxError, type SandboxMode, modeOfEventData } from 'dsh-sandbox'

/** The part of an agent's session log the policy reads. */
export interface ModeLog {
  last(type: string): { readonly seq: number; readonly data: unknown } | undefined
}

/**
 * The agent's session mode: the mode of the last `sandbox/mode` event, or undefined when it
 * never chose one. A malformed event (appended while no policy guarded the log) fails closed
 * with INVALID_MODE instead of silently widening or narrowing the boundary.
 */
export function sessionMode(log: ModeLog, agentId: string): SandboxMode | undefined {
  const event = log.last(SANDBOX_MODE_EVENT)
  if (event === undefined) return undefined
  try {
    return modeOfEventData(event.data)
  } catch (error) {
    throw new SandboxError(
      'INVALID_MODE',
      `agent ${agentId}: its session's sandbox/mode event #${event.seq} is malformed (${(error as Error).message}); set a valid mode with setSandboxMode`,
      { cause: error },
    )
  }
}

/** The session mode over the deployment default. */
export function effectiveMode(session: SandboxMode | undefined, deploymentDefault: SandboxMode): SandboxMode {
  return session ?? deploymentDefault
}
