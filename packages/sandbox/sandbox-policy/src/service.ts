import { type Context, Service } from '@deepseek-ai/cordis'
import type { Agent, SessionEvent } from 'dsh-agent'
import {
  type ExecutionPolicy,
  SANDBOX_MODE_EVENT,
  SandboxError,
  type SandboxMode,
  type SandboxModeEventData,
  type SandboxPolicyProvider,
  modeOfEventData,
  parseSandboxMode,
} from 'dsh-sandbox'
import { Config } from './config'
import { effectiveMode, sessionMode } from './effective-mode'

/**
 * ctx.sandboxPolicy: the deployment default mode and workspace root, and each agent's
 * session mode (its last `sandbox/mode` event) over that default. It also refuses any
 * malformed `sandbox/mode` event appended directly to a session log.
 */
export class SandboxPolicyService extends Service implements SandboxPolicyProvider {
  static Config = Config
  static inject = ['agents']
  private readonly root: Context

  constructor(ctx: Context, private readonly config: Config) {
    super(ctx, 'sandboxPolicy')
    this.root = ctx
    ctx.on('agent/session-append', (_agent, event) => {
      if (event.type === SANDBOX_MODE_EVENT) modeOfEventData(event.data)
    })
  }

  get defaultMode(): SandboxMode {
    return this.config.mode
  }

  get workspaceRoot(): string {
    return this.config.workspaceRoot
  }

  resolve({ agent }: { readonly agent: Agent }): ExecutionPolicy {
    return { mode: this.modeOf(agent), workspaceRoot: this.config.workspaceRoot }
  }

  effectiveModeAfter(agent: Agent, event: SessionEvent): SandboxMode {
    if (event.type !== SANDBOX_MODE_EVENT) return this.modeOf(agent)
    return effectiveMode(modeOfEventData(event.data), this.config.mode)
  }

  setSandboxMode(agent: Agent, mode: string): ExecutionPolicy {
    const valid = parseSandboxMode(mode)
    if (!this.root.agents.isLive(agent)) {
      throw new SandboxError('AGENT_NOT_LIVE', `agent ${agent.id} has ended, so its sandbox mode cannot change; create a new agent to continue`)
    }
    const data: SandboxModeEventData = { mode: valid }
    agent.session.append(SANDBOX_MODE_EVENT, data)
    return this.resolve({ agent })
  }

  private modeOf(agent: Agent): SandboxMode {
    return effectiveMode(sessionMode(agent.session, agent.id), this.config.mode)
  }
}
