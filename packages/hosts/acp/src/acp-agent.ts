import { statSync } from 'node:fs'
import { isAbsolute } from 'node:path'
import { type AgentApp, agent as agentApp, type InitializeResponse, methods, PROTOCOL_VERSION, type SessionUpdate } from '@agentclientprotocol/sdk'
import type { Agent } from 'dsh-agent'
import type { AgentLoopService } from 'dsh-agent-loop'
import type { Host } from 'dsh-host'
import type { SandboxPolicyProvider } from 'dsh-sandbox'
import { acpError, requestErrorOf } from './errors'
import { hostTools } from './host-tools'
import { isSessionMode, modeState, SESSION_MODES } from './modes'
import { promptText } from './prompt-text'
import { AcpSession } from './session'
import { jobUpdate } from './updates'

export interface AcpAgentOptions {
  readonly host: Host
  readonly loop: AgentLoopService
  /** Shown to the client in the initialize answer. */
  readonly version: string
}

/** The sessions of one connection, and how to reach the client with updates. */
export interface AcpAgent {
  readonly app: AgentApp
  readonly sessions: ReadonlyMap<string, AcpSession>
  /** Send a session/update outside a request (background job completions). */
  attach(notify: (sessionId: string, update: SessionUpdate) => Promise<void>): void
  /** Cancel every prompt and end every session's agent (all its terminals and jobs closed). */
  closeAll(): Promise<void>
}

function checkCwd(cwd: string): void {
  if (!isAbsolute(cwd)) throw acpError('BAD_WORKSPACE', `session/new: cwd must be an absolute path (got ${JSON.stringify(cwd)})`)
  let isDirectory = false
  try { isDirectory = statSync(cwd).isDirectory() } catch { /* reported below */ }
  if (!isDirectory) throw acpError('BAD_WORKSPACE', `session/new: cwd ${JSON.stringify(cwd)} is not an existing directory`)
}

/**
 * The ACP agent over a host: session/new mints an agent (`acp-<n>`, also the session id)
 * with a conversation whose tool calls go through the host; session/prompt runs the agent
 * loop and streams it as session/update; session/cancel aborts it; session/set_mode sets the
 * agent's sandbox mode through ctx.sandboxPolicy (the terminal fence may refuse it).
 */
export function createAcpAgent(options: AcpAgentOptions): AcpAgent {
  const { host, loop } = options
  const sessions = new Map<string, AcpSession>()
  const tools = hostTools(host)
  const policy = () => host.root.get('sandboxPolicy') as SandboxPolicyProvider | undefined
  let notifyOutside: ((sessionId: string, update: SessionUpdate) => Promise<void>) | undefined

  const session = (id: string): AcpSession => {
    const found = sessions.get(id)
    if (!found) throw acpError('UNKNOWN_SESSION', `no session ${JSON.stringify(id)} on this connection; create one with session/new`)
    return found
  }

  const initialize = (): InitializeResponse => ({
    protocolVersion: PROTOCOL_VERSION,
    agentCapabilities: {
      loadSession: false,
      promptCapabilities: { image: false, audio: false, embeddedContext: true },
    },
    authMethods: [],
    agentInfo: { name: 'dsh', title: 'dsh: persistent terminals', version: options.version },
  })

  const app = agentApp({ name: 'dsh-acp' })
    .onRequest(methods.agent.initialize, () => initialize())
    .onRequest(methods.agent.authenticate, () => ({}))
    .onRequest(methods.agent.session.new, ({ params }) => {
      checkCwd(params.cwd)
      let agent: Agent
      try {
        agent = host.mintAgent('acp')
      } catch (error) {
        throw requestErrorOf(error)
      }
      const sandbox = policy()
      try {
        // the session's cwd is the agent's workspace, unless the deployment pins one (pinWorkspace)
        sandbox?.setWorkspaceRoot?.(agent, params.cwd)
      } catch (error) {
        void host.disposeAgent(agent).catch(() => {})
        throw acpError('BAD_WORKSPACE', `session/new: cwd ${JSON.stringify(params.cwd)} cannot be the workspace: ${error instanceof Error ? error.message : String(error)}`)
      }
      const created = new AcpSession(agent.name, agent, loop.conversation(agent, { tools: () => tools }))
      sessions.set(created.id, created)
      return { sessionId: created.id, modes: sandbox ? modeState(sandbox.resolve({ agent }).mode) : null }
    })
    .onRequest(methods.agent.session.setMode, async ({ params, client }) => {
      const target = session(params.sessionId)
      if (!isSessionMode(params.modeId)) {
        throw acpError('UNKNOWN_MODE', `unknown mode ${JSON.stringify(params.modeId)}; the modes are ${SESSION_MODES.map((m) => m.id).join(', ')}`)
      }
      if (!policy()) throw acpError('NO_SANDBOX_POLICY', 'this composition mounts no sandbox policy (dsh-sandbox-policy), so there are no modes to switch; use a composition with the terminal family')
      try {
        await host.setSandboxMode(target.agent, params.modeId)
      } catch (error) {
        throw acpError('MODE_REFUSED', `mode ${params.modeId} refused: ${error instanceof Error ? error.message : String(error)}`)
      }
      await client.notify(methods.client.session.update, { sessionId: target.id, update: { sessionUpdate: 'current_mode_update', currentModeId: params.modeId } })
      return {}
    })
    .onRequest(methods.agent.session.prompt, async ({ params, client }) => {
      const target = session(params.sessionId)
      try {
        const stopReason = await target.prompt(promptText(params.prompt), (update) => client.notify(methods.client.session.update, { sessionId: target.id, update }))
        return { stopReason }
      } catch (error) {
        throw requestErrorOf(error)
      }
    })
    .onNotification(methods.agent.session.cancel, ({ params }) => {
      sessions.get(params.sessionId)?.cancel()
    })

  const unwatch = host.onJobCompleted((job) => {
    const owner = [...sessions.values()].find((s) => s.agent === job.agent)
    if (owner && notifyOutside) void notifyOutside(owner.id, jobUpdate(job)).catch(() => {})
  })

  return {
    app,
    sessions,
    attach(notify) { notifyOutside = notify },
    async closeAll() {
      unwatch()
      const all = [...sessions.values()]
      sessions.clear()
      for (const s of all) s.cancel()
      const results = await Promise.allSettled(all.map((s) => host.disposeAgent(s.agent)))
      const failed = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []))
      if (failed.length > 0) throw new AggregateError(failed, `${failed.length} session(s) did not end cleanly`)
    },
  }
}
