import { describe, expect, it } from 'vitest'
import { Config, httpFailure, retryAfterMs, retryDelayMs } from '../src'

describe('config', () => {
  it('has defaults and never takes the key itself', () => {
    expect(Config.parse({ baseUrl: 'https://api.deepseek.com', model: 'deepseek-chat', apiKeyEnv: 'DEEPSEEK_API_KEY' })).toEqual({
      baseUrl: 'https://api.deepseek.com', model: 'deepseek-chat', apiKeyEnv: 'DEEPSEEK_API_KEY',
      timeoutMs: 120000, maxRetries: 2, maxRetryWaitMs: 30000, maxEventBytes: 1048576, streamUsage: true,
    })
    const key = Config.safeParse({ baseUrl: 'https://x.test', model: 'm', apiKey: 'sk-secret' })
    expect(key.error?.issues[0]?.message).toBe('model-openai: an API key never goes in the config; put it in an environment variable and name that variable in apiKeyEnv')
    const value = Config.safeParse({ baseUrl: 'https://x.test', model: 'm', apiKeyEnv: 'sk-abc123' })
    expect(value.error?.issues[0]).toMatchObject({ path: ['apiKeyEnv'], message: expect.stringMatching(/NAME of the environment variable/) })
    expect(JSON.stringify(value.error)).not.toContain('sk-abc123')
    expect(Config.safeParse({ baseUrl: 'ftp://x', model: 'm' }).error?.issues[0]?.message).toMatch(/baseUrl must be an http\(s\) URL/)
  })
})

describe('retry-after', () => {
  const headers = (h: Record<string, string>) => (name: string) => h[name] ?? null
  it('reads retry-after-ms, seconds and HTTP dates', () => {
    expect(retryAfterMs(headers({ 'retry-after-ms': '250' }), 0)).toBe(250)
    expect(retryAfterMs(headers({ 'retry-after': '2' }), 0)).toBe(2000)
    expect(retryAfterMs(headers({ 'retry-after': 'Thu, 01 Jan 1970 00:00:05 GMT' }), 1000)).toBe(4000)
    expect(retryAfterMs(headers({ 'retry-after': 'soon' }), 0)).toBeUndefined()
    expect(retryAfterMs(headers({}), 0)).toBeUndefined()
  })
  it('backs off by doubling when the answer named no wait', () => {
    expect([0, 1, 2].map((a) => retryDelayMs(a, undefined))).toEqual([500, 1000, 2000])
    expect(retryDelayMs(3, 42)).toBe(42)
  })
})

describe('httpFailure', () => {
  const context = { url: 'https://x.test/chat/completions', apiKeyEnv: undefined, key: undefined }
  it('maps statuses to the closed codes with a next step', () => {
    expect(httpFailure(401, '{"error":{"message":"no key"}}', context)).toMatchObject({ code: 'AUTH', message: expect.stringMatching(/set apiKeyEnv to the name of the environment variable/) })
    expect(httpFailure(404, 'Not Found', context)).toMatchObject({ code: 'BAD_RESPONSE', message: expect.stringMatching(/check baseUrl/) })
    expect(httpFailure(400, '{"error":"tools unsupported"}', context)).toMatchObject({ code: 'BAD_RESPONSE', message: expect.stringMatching(/"tools unsupported"/) })
    expect(httpFailure(502, '', context)).toMatchObject({ code: 'UNAVAILABLE', message: expect.stringMatching(/HTTP 502: \(no explanation\)/) })
  })
})
