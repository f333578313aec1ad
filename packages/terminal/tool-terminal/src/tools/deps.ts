// @dsh-pure
import type { Agent } from 'dsh-agent'
import type { JobStartOptions } from 'dsh-jobs'
import type {
  TerminalReadRequest,
  TerminalReadResult,
  TerminalSendOperation,
  TerminalSendRequest,
  TerminalSessionSnapshot,
  TerminalSignal,
  TerminalSignalResult,
  TerminalSpawnRequest,
  TerminalSpawnResult,
} from 'dsh-terminal'
import { TerminalToolError } from '../errors'

/** The part of ctx.terminals the tools call (structural, so pure tests can pass a stub). */
export interface TerminalsApi {
  spawn(owner: Agent, request: TerminalSpawnRequest, signal?: AbortSignal): Promise<TerminalSpawnResult>
  startSend(owner: Agent, id: string, request: TerminalSendRequest): TerminalSendOperation
  read(owner: Agent, id: string, request: TerminalReadRequest): TerminalReadResult | Promise<TerminalReadResult>
  signal(owner: Agent, id: string, signal: TerminalSignal): Promise<TerminalSignalResult>
  kill(owner: Agent, id: string, reason?: unknown): Promise<boolean>
  list(owner: Agent): readonly TerminalSessionSnapshot[] | Promise<readonly TerminalSessionSnapshot[]>
}

/** The part of ctx.jobs a background send calls. */
export interface JobsApi {
  start(options: JobStartOptions): string
}

/** What every tool definition is built from. */
export interface ToolDeps {
  readonly terminals: TerminalsApi
  /** ctx.jobs, looked up at call time (optional service). */
  readonly jobs: () => JobsApi | undefined
  readonly maxResultBytes: number
  readonly enableRunInBackground: boolean
}

/** Every terminal tool acts for the exact agent that initiated the call. */
export function requireAgent(agent: Agent | undefined): Agent {
  if (agent === undefined) throw new TerminalToolError('NO_AGENT')
  return agent
}
