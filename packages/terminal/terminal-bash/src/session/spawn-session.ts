import { isAbsolute, resolve } from 'node:path'
import { isConfined } from 'dsh-sandbox'
import { TerminalBackendCleanupError, type TerminalBackendSpawnRequest } from 'dsh-terminal'
import type { Config } from '../config'
import { TerminalBashError } from '../errors'
import type { Scheduler } from '../readiness/scheduler'
import type { BackendDeps } from '../seams'
import { nonceHandover, shellEnvironment } from '../shell/environment'
import { integrationScript, newNonce } from '../shell/integration'
import { BashSession } from './bash-session'

export interface SpawnContext {
  readonly deps: BackendDeps
  readonly config: Config
  readonly scheduler: Scheduler
}

/**
 * Start a bash session under the owner's effective sandbox policy and wait for its first
 * ready prompt. danger-full-access starts the shell directly; confined modes wrap argv once
 * through ctx.sandbox and fail before any process starts when no provider is mounted.
 * On failure or caller cancellation the half-started session is closed; cancellation
 * rejects with the signal's exact reason.
 */
export async function spawnBashSession(
  { deps, config, scheduler }: SpawnContext,
  request: TerminalBackendSpawnRequest,
  signal: AbortSignal,
): Promise<BashSession> {
  signal.throwIfAborted()
  const policy = deps.policy().resolve({ agent: request.owner })
  const cwd = request.cwd === undefined
    ? policy.workspaceRoot
    : isAbsolute(request.cwd) ? request.cwd : resolve(policy.workspaceRoot, request.cwd)
  let argv: readonly string[] = [config.shellPath, ...config.shellArgs]
  if (isConfined(policy.mode)) {
    const sandbox = deps.sandbox()
    if (sandbox === undefined) {
      throw new TerminalBashError(
        'SANDBOX_PROVIDER_MISSING',
        `terminal-bash: sandbox mode "${policy.mode}" requires a ctx.sandbox provider in the execution world`,
      )
    }
    argv = (await sandbox.confine(argv, policy, { cwd })).argv
    signal.throwIfAborted()
  }
  const nonce = newNonce()
  const handle = await deps.subprocess().spawnTerminal({
    argv,
    cwd,
    env: shellEnvironment({ agentId: request.owner.id, sessionId: request.sessionId, integration: integrationScript() }),
    rows: config.rows,
    cols: config.cols,
    graceMs: config.disposeGraceMs,
    signal,
  })
  const session = new BashSession({ handle, nonce, config, scheduler })
  try {
    // the integration's first read takes the nonce from the terminal, never from the environment
    await handle.write(nonceHandover(nonce))
    await session.start(signal)
    return session
  } catch (error) {
    const spawnError = signal.aborted ? signal.reason : error
    try {
      await session.close()
    } catch (cleanupError) {
      throw new TerminalBackendCleanupError(spawnError, cleanupError)
    }
    throw spawnError
  }
}
