// @dsh-pure
/**
 * The name rule of the credential scrub. It works on words: the name is upper-cased and
 * split on every character that is not a letter or a digit (`OPENAI_API_KEY` -> OPENAI, API,
 * KEY), and trailing digits are dropped from each word (TOKEN1 -> TOKEN, GH_PAT2 -> PAT).
 * A name is credential-shaped when one of its words
 *   - ends with TOKEN(S), SECRET(S), PASSWORD(S), PASSWD, PASSPHRASE, CREDENTIAL(S), APIKEY,
 *     COOKIE(S), AUTH, AUTHORIZATION, BEARER or JWT (GITHUB_TOKEN, PGPASSWORD, NPM_AUTH, OAUTH),
 *   - ends with PASS, except the English words BYPASS, COMPASS, ... (SMTP_PASS, SSHPASS, DBPASS),
 *   - contains a squashed credential: SECRET, PASSWORD, PASSWD, APIKEY, PRIVATEKEY, ACCESSKEY
 *     (AWSSECRETACCESSKEY, PRIVATEKEY, MYACCESSKEY),
 *   - is exactly KEY, KEYS, PAT, SK, JWT or CREDS (AWS_ACCESS_KEY_ID, GH_PAT, STRIPE_SK), or
 *   - is PWD after the first word (MYSQL_PWD; the shell's own PWD and OLDPWD survive).
 *
 * "Ends with" rather than "contains" for TOKEN and AUTH keeps look-alikes: TOKENIZERS_PARALLELISM
 * (a Hugging Face threading switch), GIT_AUTHOR_NAME, XAUTHORITY; KEY only as a whole word keeps
 * KEYBOARD_LAYOUT, MONKEY_PATCH, KEYTIMEOUT. SSH_AUTH_SOCK is scrubbed on purpose: it lets any
 * process use the host's SSH keys.
 */

/** Word endings that mark a credential. */
const SUFFIXES = [
  'TOKEN', 'TOKENS', 'SECRET', 'SECRETS', 'PASSWORD', 'PASSWORDS', 'PASSWD', 'PASSPHRASE',
  'CREDENTIAL', 'CREDENTIALS', 'APIKEY', 'COOKIE', 'COOKIES', 'AUTH', 'AUTHORIZATION', 'BEARER', 'JWT',
] as const

/** Credentials written as one squashed word, found anywhere in a word. */
const SQUASHED = ['SECRET', 'PASSWORD', 'PASSWD', 'APIKEY', 'PRIVATEKEY', 'ACCESSKEY'] as const

/** Whole words that mark a credential. */
const WORDS = new Set(['KEY', 'KEYS', 'PASS', 'PAT', 'SK', 'JWT', 'CREDS'])

/** English words ending in PASS that are not a password. */
const NOT_A_PASS = ['BYPASS', 'COMPASS', 'ENCOMPASS', 'OVERPASS', 'UNDERPASS', 'SURPASS', 'TRESPASS'] as const

function credentialWord(word: string, index: number): boolean {
  if (WORDS.has(word) || (word === 'PWD' && index > 0)) return true
  if (SUFFIXES.some((suffix) => word.endsWith(suffix))) return true
  if (SQUASHED.some((part) => word.includes(part))) return true
  return word.endsWith('PASS') && !NOT_A_PASS.some((english) => word.endsWith(english))
}

/** True when an environment variable of this name must not reach a PTY. */
export function isCredentialName(name: string): boolean {
  const words = name.toUpperCase().split(/[^A-Z0-9]+/).map((w) => w.replace(/\d+$/, '')).filter((w) => w.length > 0)
  return words.some(credentialWord)
}
