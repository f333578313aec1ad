import { describe, expect, it } from 'vitest'
import { Config, DIALECT_DEFAULTS, parseConfig } from '../src/config'

const issues = (input: unknown) => {
  const r = Config.safeParse(input)
  return r.success ? [] : r.error.issues.map((i) => i.message)
}

describe('config', () => {
  it('fills every contract default for an omitted or null config', () => {
    const expected = {
      backendType: 'shell',
      shellDialect: 'bash',
      shellPath: '/bin/bash',
      shellArgs: ['--noprofile', '--norc', '-i'],
      rows: 40,
      cols: 160,
      scrollbackLines: 10000,
      scrollbackMaxBytes: 4194304,
      maxReadBytes: 262144,
      pollIntervalMs: 50,
      exactProbeAfterMs: 150,
      idleSilenceMs: 3000,
      handoffGraceMs: 500,
      timeoutMs: 30000,
      disposeGraceMs: 3000,
      maxSendBytes: 1048576,
    }
    expect(parseConfig()).toEqual(expected)
    expect(Config.parse(null)).toEqual(expected)
    expect(Config.parse({})).toEqual(expected)
  })

  it('an empty shellPath or shellArgs means the dialect default; explicit values are kept', () => {
    expect(parseConfig({ shellPath: '', shellArgs: [] })).toMatchObject(DIALECT_DEFAULTS.bash)
    expect(parseConfig({ shellPath: '/usr/bin/bash', shellArgs: ['-i'] })).toMatchObject({ shellPath: '/usr/bin/bash', shellArgs: ['-i'] })
  })

  it.each([
    ['pollIntervalMs', 0],
    ['timeoutMs', -5],
    ['idleSilenceMs', 1.5],
    ['rows', Number.MAX_SAFE_INTEGER + 1],
    ['cols', '80'],
    ['disposeGraceMs', Number.NaN],
  ])('rejects %s = %s with a message naming the field and value', (field, value) => {
    const messages = issues({ [field]: value })
    expect(messages).toHaveLength(1)
    expect(messages[0]).toMatch(new RegExp(`^terminal-bash: ${field} must be a positive safe integer \\(got `))
    expect(messages[0]).toContain(typeof value === 'string' ? JSON.stringify(value) : String(value))
  })

  it('requires maxReadBytes <= scrollbackMaxBytes', () => {
    expect(issues({ maxReadBytes: 2048, scrollbackMaxBytes: 1024 })).toEqual([
      'terminal-bash: maxReadBytes (2048) must not exceed scrollbackMaxBytes (1024)',
    ])
    expect(issues({ maxReadBytes: 1024, scrollbackMaxBytes: 1024 })).toEqual([])
  })

  it('requires handoffGraceMs >= pollIntervalMs', () => {
    expect(issues({ handoffGraceMs: 40, pollIntervalMs: 50 })[0]).toMatch(
      /^terminal-bash: handoffGraceMs \(40\) must be at least pollIntervalMs \(50\)/,
    )
    expect(issues({ handoffGraceMs: 50, pollIntervalMs: 50 })).toEqual([])
  })

  it('requires a non-empty backendType and shellPath, and the bash dialect', () => {
    expect(issues({ backendType: '' })).toEqual(['terminal-bash: backendType must be a non-empty string (got "")'])
    expect(issues({ backendType: 7 })[0]).toMatch(/^terminal-bash: backendType must be a non-empty string \(got 7\)/)
    expect(issues({ shellPath: '   ' })[0]).toMatch(/^terminal-bash: shellPath must be a non-empty path/)
    expect(issues({ shellDialect: 'pwsh' })[0]).toMatch(/^terminal-bash: shellDialect "pwsh" is not supported/)
    expect(issues({ shellArgs: 'x' })[0]).toMatch(/^terminal-bash: shellArgs must be an array of strings/)
  })
})
