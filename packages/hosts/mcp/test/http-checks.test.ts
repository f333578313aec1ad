import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { bearerCheck } from '../src/http/auth'
import { isLocalHost, originAllowed } from '../src/http/origin'
import { resolveToken } from '../src/token'

describe('Origin (DNS-rebinding protection)', () => {
  it('lets non-browser clients and pages on this machine through', () => {
    for (const origin of [undefined, 'http://localhost', 'http://localhost:5173', 'https://127.0.0.1:8443', 'http://127.1.2.3', 'http://[::1]:3000', 'http://app.localhost']) {
      expect(originAllowed(origin), String(origin)).toBe(true)
    }
  })

  it('knows this machine by name or address, bracketed or not', () => {
    for (const host of ['localhost', '127.0.0.1', '127.9.9.9', '::1', '[::1]', 'LOCALHOST']) expect(isLocalHost(host), host).toBe(true)
    for (const host of ['0.0.0.0', '::', '192.168.1.2', 'example.com', '128.0.0.1']) expect(isLocalHost(host), host).toBe(false)
  })

  it('refuses every other origin, including look-alikes', () => {
    for (const origin of ['http://evil.example', 'http://localhost.evil.example', 'http://127.0.0.1.evil.example', 'null', 'file://', 'chrome-extension://abc', 'http://192.168.1.2', 'not a url']) {
      expect(originAllowed(origin), origin).toBe(false)
    }
  })
})

describe('bearer token', () => {
  it('accepts exactly "Bearer <token>", case-insensitive scheme', () => {
    const check = bearerCheck('s3cret')
    expect(check('Bearer s3cret')).toBe(true)
    expect(check('bearer s3cret')).toBe(true)
    for (const header of [undefined, '', 's3cret', 'Bearer', 'Bearer s3cret2', 'Bearer s3cre', 'Basic s3cret', 'Bearer s3cret extra']) {
      expect(check(header), String(header)).toBe(false)
    }
  })

  it('comes from --token-file, else DSH_MCP_TOKEN, else is generated', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dsh-mcp-token-'))
    try {
      writeFileSync(join(dir, 'token'), '  from-file \nsecond line\n')
      writeFileSync(join(dir, 'empty'), '\n')
      expect(resolveToken({ DSH_MCP_TOKEN: 'env' }, join(dir, 'token'))).toEqual({ token: 'from-file', source: 'file' })
      expect(resolveToken({ DSH_MCP_TOKEN: ' env ' }, undefined)).toEqual({ token: 'env', source: 'env' })
      const generated = resolveToken({}, undefined)
      expect(generated.source).toBe('generated')
      expect(generated.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(resolveToken({}, undefined).token).not.toBe(generated.token)
      expect(() => resolveToken({}, join(dir, 'empty'))).toThrow(expect.objectContaining({ code: 'TOKEN_EMPTY' }))
      expect(() => resolveToken({}, join(dir, 'missing'))).toThrow(expect.objectContaining({ code: 'TOKEN_FILE_UNREADABLE', message: expect.stringContaining('(ENOENT)') }))
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
