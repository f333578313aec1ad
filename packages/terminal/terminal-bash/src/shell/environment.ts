// @dsh-pure
import { CONTROLLED_PROMPT } from '../output/marker-tracker'

/** The Enter sequence a submitted send writes after its text. */
export const ENTER = '\r'

/** What the host writes right after the spawn: the integration reads it as its first line. */
export function nonceHandover(nonce: string): string {
  return `${nonce}\n`
}

export interface ShellEnvironmentInput {
  /** The owning agent's id. */
  readonly agentId: string
  /** The terminal session id. */
  readonly sessionId: string
  /** The shell integration script (run once by the first PROMPT_COMMAND). */
  readonly integration: string
}

/**
 * The terminal-specific environment overrides. The subprocess provider scrubs
 * credential-shaped names from the host environment before merging these.
 * - TERM=dumb: no colour, cursor addressing or bracketed paste in line-oriented output;
 * - PAGER/GIT_PAGER=cat: a pager would wait for keys no model will press;
 * - DSH_SHELL, DSH_SESSION_ID, DSH_PTY_SESSION_ID: let scripts know where they run;
 * - PS1 + PROMPT_COMMAND: bash imports both, so the first prompt runs the integration.
 * The marker nonce is not here: it is the shell's first input line (see nonceHandover).
 */
export function shellEnvironment(input: ShellEnvironmentInput): Record<string, string> {
  return {
    TERM: 'dumb',
    PAGER: 'cat',
    GIT_PAGER: 'cat',
    DSH_SHELL: '1',
    DSH_SESSION_ID: input.agentId,
    DSH_PTY_SESSION_ID: input.sessionId,
    PS1: CONTROLLED_PROMPT,
    PROMPT_COMMAND: input.integration,
  }
}
