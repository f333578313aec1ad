import { describe, expect, it } from 'vitest'
import { isCredentialName, scrubEnvironment } from '../src/env-scrub'

describe('isCredentialName', () => {
  it.each([
    'GITHUB_TOKEN', 'AWS_SECRET_ACCESS_KEY', 'OPENAI_API_KEY', 'DB_PASSWORD', 'NPM_AUTH',
    'AWS_SESSION_TOKEN', 'AWS_ACCESS_KEY_ID', 'PGPASSWORD', 'MYSQL_PWD', 'SMTP_PASS', 'GH_PAT',
    'HF_TOKEN', 'SSH_AUTH_SOCK', 'GOOGLE_APPLICATION_CREDENTIALS', 'STRIPE_APIKEY',
    'session_cookie', 'githubToken', 'DEPLOY_KEYS', 'GPG_PASSPHRASE', 'npm_config__auth',
  ])('scrubs %s', (name) => {
    expect(isCredentialName(name)).toBe(true)
  })

  it.each([
    'PATH', 'HOME', 'PWD', 'OLDPWD', 'TERM', 'LANG', 'USER', 'SHELL', 'TOKENIZERS_PARALLELISM',
    'GIT_AUTHOR_NAME', 'KEYBOARD_LAYOUT', 'XAUTHORITY', 'DBUS_SESSION_BUS_ADDRESS', 'PASSTHROUGH',
    'MONKEY_PATCH',
  ])('keeps %s', (name) => {
    expect(isCredentialName(name)).toBe(false)
  })
})

describe('scrubEnvironment', () => {
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
