import { describe, expect, it } from 'vitest'
import { isCredentialName, isCredentialValue, scrubEnvironment } from '../src/env-scrub'

describe('isCredentialName', () => {
  it.each([
    'GITHUB_TOKEN', 'AWS_SECRET_ACCESS_KEY', 'OPENAI_API_KEY', 'DB_PASSWORD', 'NPM_AUTH',
    'AWS_SESSION_TOKEN', 'AWS_ACCESS_KEY_ID', 'PGPASSWORD', 'MYSQL_PWD', 'SMTP_PASS', 'GH_PAT',
    'HF_TOKEN', 'SSH_AUTH_SOCK', 'GOOGLE_APPLICATION_CREDENTIALS', 'STRIPE_APIKEY',
    'session_cookie', 'githubToken', 'DEPLOY_KEYS', 'GPG_PASSPHRASE', 'npm_config__auth',
    // issue 13.7: numbered, squashed and abbreviated forms that passed before
    'TOKEN1', 'API_KEY2', 'AWSSECRETACCESSKEY', 'AUTHORIZATION', 'SSHPASS', 'JWT', 'STRIPE_SK',
    'PRIVATEKEY', 'GH_PAT2', 'PROXY_AUTHORIZATION', 'SIGNING_JWT', 'DBPASS', 'MYACCESSKEY', 'HTTP_BEARER',
  ])('scrubs %s', (name) => {
    expect(isCredentialName(name)).toBe(true)
  })

  it.each([
    'PATH', 'HOME', 'PWD', 'OLDPWD', 'TERM', 'LANG', 'USER', 'SHELL', 'TOKENIZERS_PARALLELISM',
    'GIT_AUTHOR_NAME', 'KEYBOARD_LAYOUT', 'XAUTHORITY', 'DBUS_SESSION_BUS_ADDRESS', 'PASSTHROUGH',
    'MONKEY_PATCH', 'LANGUAGE', 'LC_ALL', 'LOGNAME', 'TMPDIR', 'COLORTERM', 'EDITOR', 'PAGER', 'TZ',
    'SSH_TTY', 'SSH_CONNECTION', 'GPG_TTY', 'KEYTIMEOUT', 'COMPASS_HOME', 'BYPASS_PROXY', 'DONKEY',
    'NODE_OPTIONS', 'PYTHONPATH', 'XDG_RUNTIME_DIR', 'SKIP_BUILD', 'TASK_ID', 'AUTHOR_EMAIL',
  ])('keeps %s', (name) => {
    expect(isCredentialName(name)).toBe(false)
  })
})

describe('isCredentialValue', () => {
  it.each([
    ['a GitHub classic token', 'ghp_' + 'a1B2'.repeat(9)],
    ['a GitHub fine-grained token', 'github_pat_11ABCDEFG0' + 'x'.repeat(60)],
    ['a GitHub token inside a URL', 'https://me:gho_' + 'Z9'.repeat(18) + '@github.com/o/r.git'],
    ['an OpenAI-style key', 'sk-proj-' + 'Ab3'.repeat(12)],
    ['an AWS access key id', 'AKIAIOSFODNN7EXAMPLE'],
    ['a Slack bot token', 'xoxb-1234567890-1234567890123-' + 'a'.repeat(24)],
    ['a Slack user token', 'xoxp-1234567890-abcdefghij'],
    ['a JWT', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk'],
  ])('recognises %s', (_, value) => {
    expect(isCredentialValue(value)).toBe(true)
  })

  it.each([
    ['a PATH', '/root/.pyenv/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'],
    ['a path with sk- in it', '/opt/sk-tools-1234567890123456789/bin'],
    ['a locale', 'sk_SK.UTF-8'],
    ['a short sk- word', 'sk-SE'],
    ['a word starting with AKIA but too short', 'AKIA'],
    ['plain text', 'hello world'],
    ['a base64 blob without the JWT header', 'YWJj.ZGVm.Z2hp'],
  ])('keeps %s', (_, value) => {
    expect(isCredentialValue(value)).toBe(false)
  })
})

describe('scrubEnvironment', () => {
  it('drops credential-shaped values under harmless names, but never PATH, HOME, LANG or TERM', () => {
    const env = scrubEnvironment({
      PATH: '/bin', HOME: '/root', LANG: 'C.UTF-8', TERM: 'xterm', REPO_URL: 'https://x:ghp_' + 'a'.repeat(36) + '@github.com/r',
      OPENAI: 'sk-' + 'q'.repeat(40), AWS_ID: 'AKIAIOSFODNN7EXAMPLE', EDITOR: 'vim',
    })
    expect(env).toEqual({ PATH: '/bin', HOME: '/root', LANG: 'C.UTF-8', TERM: 'xterm', EDITOR: 'vim' })
  })

  it('drops credential names and unset values, then merges overrides unscrubbed', () => {
    const env = scrubEnvironment(
      { PATH: '/bin', GITHUB_TOKEN: 'ghp_x', HOME: '/root', EMPTY: undefined, TERM: 'xterm' },
      { TERM: 'dumb', DSH_TOKEN: 'chosen-by-caller' },
    )
    expect(env).toEqual({ PATH: '/bin', HOME: '/root', TERM: 'dumb', DSH_TOKEN: 'chosen-by-caller' })
  })

  it('does not modify its inputs', () => {
    const host = { A: '1', DB_PASSWORD: 'p' }
    scrubEnvironment(host, { B: '2' })
    expect(host).toEqual({ A: '1', DB_PASSWORD: 'p' })
  })
})
