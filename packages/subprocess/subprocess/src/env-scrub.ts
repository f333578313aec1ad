// @dsh-pure
/**
 * The shared credential scrub. A PTY inherits the host environment minus every variable
 * whose NAME looks like a credential; the caller's overrides are merged afterwards, so a
 * backend can still pass a value it chose on purpose.
 *
 * The rule works on words: the name is upper-cased and split on every character that is not
 * a letter or a digit (`OPENAI_API_KEY` -> OPENAI, API, KEY). A name is credential-shaped when
 * one of its words
 *   - ends with TOKEN(S), SECRET(S), PASSWORD(S), PASSWD, PASSPHRASE, CREDENTIAL(S), APIKEY,
 *     COOKIE(S) or AUTH (GITHUB_TOKEN, AWS_SECRET_ACCESS_KEY, PGPASSWORD, NPM_AUTH, OAUTH...),
 *   - is exactly KEY, KEYS, PASS or PAT (AWS_ACCESS_KEY_ID, SMTP_PASS, GH_PAT), or
 *   - is PWD after the first word (MYSQL_PWD; the shell's own PWD and OLDPWD survive).
 *
 * "Ends with" rather than "contains" keeps look-alikes: TOKENIZERS_PARALLELISM (a Hugging
 * Face threading switch, word TOKENIZERS), GIT_AUTHOR_NAME (AUTHOR), KEYBOARD, XAUTHORITY.
 * SSH_AUTH_SOCK is scrubbed on purpose: it lets any process use the host's SSH keys.
 * The rule cannot see secrets inside values (a DATABASE_URL with a password): name them so.
 */

/** Word endings that mark a credential. */
const CREDENTIAL_SUFFIXES = [
  'TOKEN', 'TOKENS', 'SECRET', 'SECRETS', 'PASSWORD', 'PASSWORDS', 'PASSWD', 'PASSPHRASE',
  'CREDENTIAL', 'CREDENTIALS', 'APIKEY', 'COOKIE', 'COOKIES', 'AUTH',
] as const

/** Whole words that mark a credential. */
const CREDENTIAL_WORDS = new Set(['KEY', 'KEYS', 'PASS', 'PAT'])

/** True when an environment variable of this name must not reach a PTY. */
export function isCredentialName(name: string): boolean {
  const words = name.toUpperCase().split(/[^A-Z0-9]+/).filter((w) => w.length > 0)
  return words.some((word, index) =>
    CREDENTIAL_WORDS.has(word) ||
    (word === 'PWD' && index > 0) ||
    CREDENTIAL_SUFFIXES.some((suffix) => word.endsWith(suffix)),
  )
}

/**
 * The environment a PTY starts with: `host` without credential-shaped names and without
 * unset values, then `overrides` merged over it (overrides are never scrubbed).
 */
export function scrubEnvironment(
  host: Readonly<Record<string, string | undefined>>,
  overrides: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const env: Record<string, string> = {}
  for (const [name, value] of Object.entries(host)) {
    if (value !== undefined && !isCredentialName(name)) env[name] = value
  }
  return Object.assign(env, overrides)
}
