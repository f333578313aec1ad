// @dsh-pure
/** Longest environment value inspected; longer values are not paths a client would use. */
const MAX_VALUE_CHARS = 8192

/** Prefixes that introduce a socket path in common address syntaxes (D-Bus, Docker, PulseAudio). */
const PREFIXES = ['unix://', 'unix:path=', 'unix:', 'path=']

/**
 * Absolute paths named in environment values: a whole value (`SSH_AUTH_SOCK=/tmp/ssh-x/agent.1`),
 * a member of a list (`TMUX=/tmp/tmux-0/default,42,0`), or an address
 * (`DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/0/bus,guid=…`, `DOCKER_HOST=unix:///var/run/docker.sock`).
 * The caller checks which of them are sockets.
 */
export function pathCandidatesOf(env: Readonly<Record<string, string | undefined>>): string[] {
  const found = new Set<string>()
  for (const value of Object.values(env)) {
    if (value === undefined || value.length > MAX_VALUE_CHARS || !value.includes('/')) continue
    for (const piece of value.split(/[\s,;]+/)) {
      let token = piece
      for (const prefix of PREFIXES) {
        if (token.startsWith(prefix)) {
          token = token.slice(prefix.length)
          break
        }
      }
      for (const part of token.split(':')) if (part.startsWith('/') && part.length > 1) found.add(part)
    }
  }
  return [...found]
}
