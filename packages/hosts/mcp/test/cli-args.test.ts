import { describe, expect, it } from 'vitest'
import { parseMcpArgs } from '../src/cli-args'

const defaults = { maxSessions: 32, idleTimeoutMs: 1_800_000 }
const parse = (...argv: string[]) => parseMcpArgs(argv, defaults)

describe('dsh mcp arguments', () => {
  it('serves stdio by default, with or without the command word', () => {
    expect(parse()).toEqual({ kind: 'serve' })
    expect(parse('mcp', '--config', 'x.yml')).toEqual({ kind: 'serve', config: 'x.yml' })
    expect(parse('--config=x.yml')).toEqual({ kind: 'serve', config: 'x.yml' })
    expect(parse('--workspace', '/w', '--http')).toMatchObject({ kind: 'serve', workspace: '/w', http: { port: 7331 } })
    expect(parse('mcp', '--help')).toEqual({ kind: 'help' })
  })

  it('reads the HTTP options with their defaults', () => {
    expect(parse('--http')).toEqual({ kind: 'serve', http: { host: '127.0.0.1', port: 7331, maxSessions: 32, idleTimeoutMs: 1_800_000 } })
    expect(parse('--http', '--port', '0', '--host', '::1', '--token-file', 't', '--max-sessions', '4', '--idle-timeout', '60'))
      .toEqual({ kind: 'serve', http: { host: '::1', port: 0, tokenFile: 't', maxSessions: 4, idleTimeoutMs: 60_000 } })
  })

  it('names what is wrong', () => {
    expect(parse('--port', '1')).toEqual({ kind: 'error', message: '--port applies to --http only; add --http to serve over HTTP' })
    expect(parse('--http', '--port', '70000')).toEqual({ kind: 'error', message: '--port needs an integer from 0 to 65535 (got "70000")' })
    expect(parse('--http', '--max-sessions', '0')).toMatchObject({ kind: 'error', message: expect.stringMatching(/^--max-sessions needs an integer from 1/) })
    expect(parse('--http', '--idle-timeout', '1.5')).toMatchObject({ kind: 'error', message: expect.stringMatching(/^--idle-timeout needs an integer/) })
    expect(parse('--config')).toEqual({ kind: 'error', message: '--config needs a value' })
    expect(parse('--config', 'a', '--config', 'b')).toEqual({ kind: 'error', message: '--config was given twice' })
    expect(parse('--stdio')).toEqual({ kind: 'error', message: 'unknown argument "--stdio"' })
  })
})
