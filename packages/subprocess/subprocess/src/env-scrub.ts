// @dsh-pure
/**
 * The shared credential scrub. A PTY inherits the host environment minus every variable
 * whose NAME looks like a credential (see credential-names.ts) or whose VALUE has the shape
 * of a well-known token (see credential-values.ts); the caller's overrides are merged
 * afterwards, so a backend can still pass a value it chose on purpose.
 */
import { isCredentialName } from './credential-names'
import { isCredentialValue } from './credential-values'

export { isCredentialName, isCredentialValue }

/**
 * Names whose values are never judged by shape: the variables every program needs (PATH,
 * HOME, the locale, the terminal), so a token-like directory name cannot cost a shell its
 * PATH. Their names are not credential-shaped either.
 */
const ESSENTIAL = new Set(['PATH', 'HOME', 'LANG', 'LANGUAGE', 'TERM', 'USER', 'LOGNAME', 'SHELL', 'PWD', 'OLDPWD', 'TMPDIR', 'TZ'])

/** True when the variable must not reach a PTY: a credential-shaped name, or a token-shaped value. */
export function isCredentialVariable(name: string, value: string): boolean {
  if (isCredentialName(name)) return true
  return !ESSENTIAL.has(name) && !name.startsWith('LC_') && isCredentialValue(value)
}

/**
 * The environment a PTY starts with: `host` without credential-shaped variables and without
 * unset values, then `overrides` merged over it (overrides are never scrubbed).
 */
export function scrubEnvironment(
  host: Readonly<Record<string, string | undefined>>,
  overrides: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const env: Record<string, string> = {}
  for (const [name, value] of Object.entries(host)) {
    if (value !== undefined && !isCredentialVariable(name, value)) env[name] = value
  }
  return Object.assign(env, overrides)
}
