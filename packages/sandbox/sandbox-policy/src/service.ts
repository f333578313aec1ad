import { type Context, Service } from '@deepseek-ai/cordis'
import type { Agent, SessionEvent } from 'dsh-agent'
import {
  type ExecutionPolicy,
  SANDBOX_MODE_EVENT,
  SANDBOX_WORKSPACE_EVENT,
  SandboxError,
  type SandboxMode,
  type SandboxModeEventData,
  type SandboxPolicyProvider,
  type SandboxWorkspaceEventData,
  modeOfEventData,
  parseSandboxMode,
} from 'dsh-sandbox'
import { agentWorkspace, checkWorkspaceEvent } from './agent-workspace'
import { Config } from './config'
import { effectiveMode, sessionMode } from './effective-mode'
import { canonicalDirectory } from './workspace-root'

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
    ctx.on('agent/session-append', (agent, event) => {
      if (event.type === SANDBOX_MODE_EVENT) modeOfEventData(event.data)
      if (event.type === SANDBOX_WORKSPACE_EVENT) checkWorkspaceEvent(agent.session, agent.id, event.data)
    })
  }

  get defaultMode(): SandboxMode {
    return this.config.mode
  }

  get workspaceRoot(): string {
    return this.config.workspaceRoot
  }

  resolve({ agent }: { readonly agent: Agent }): ExecutionPolicy {
    const own = this.config.pinWorkspace === true ? undefined : agentWorkspace(agent.session)
    return { mode: this.modeOf(agent), workspaceRoot: own ?? this.config.workspaceRoot }
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

  setWorkspaceRoot(agent: Agent, directory: string): ExecutionPolicy {
    if (this.config.pinWorkspace === true) return this.resolve({ agent })
    const found = canonicalDirectory(directory)
    if ('problem' in found) {
      throw new SandboxError('BAD_WORKSPACE', `the workspace ${JSON.stringify(directory)} ${found.problem}; give the agent an existing directory`)
    }
    if (!this.root.agents.isLive(agent)) {
      throw new SandboxError('AGENT_NOT_LIVE', `agent ${agent.id} has ended, so its workspace cannot change; create a new agent to continue`)
    }
    const data: SandboxWorkspaceEventData = { workspaceRoot: found.path }
    agent.session.append(SANDBOX_WORKSPACE_EVENT, data)
    return this.resolve({ agent })
  }

  private modeOf(agent: Agent): SandboxMode {
    return effectiveMode(sessionMode(agent.session, agent.id), this.config.mode)
  }
}
