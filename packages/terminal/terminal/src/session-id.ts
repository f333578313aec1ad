// @dsh-pure
import type { TerminalSessionId } from './types'

/** Every id the service mints is `pty-<n>`. */
export const SESSION_ID_PREFIX = 'pty-'

/**
 * Brand a string as a session id, e.g. one a model passed to a tool. Ids are opaque: an
 * unknown one is rejected by the service with NO_SESSION, not here.
 */
export function terminalSessionId(value: string): TerminalSessionId {
  return value as TerminalSessionId
}

/** The id for the n-th session a service instance starts (n counts from 1, never reused). */
export function mintSessionId(n: number): TerminalSessionId {
  return terminalSessionId(`${SESSION_ID_PREFIX}${n}`)
}
