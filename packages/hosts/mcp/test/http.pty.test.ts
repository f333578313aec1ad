import { spawnSync } from 'node:child_process'
import { mkdtempSync, realpathSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { liveDescendants, processGone } from '../../host/test/helpers/procs'
import { CLI, type HttpServerProcess, startHttp, text, WAIT_MS } from './helpers/mcp-process'

// The real server over streamable HTTP (`cli.js --http --port 0`, token from DSH_MCP_TOKEN,
// the root cordis.yml: workspace-write through bubblewrap), driven by the SDK's own Client
// over StreamableHTTPClientTransport and by plain fetch for the refusals.

const workspace = realpathSync(mkdtempSync(join(tmpdir(), 'dsh-mcp-http-')))
afterAll(() => { rmSync(workspace, { recursive: true, force: true }) })

let server: HttpServerProcess | undefined
afterEach(async () => {
  await server?.stop()
  server = undefined
})

const structured = <T>(r: CallToolResult) => r.structuredContent as T
const INITIALIZE = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'fetch', version: '0' } } }

function post(url: string, body: string, headers: Record<string, string>): Promise<Response> {
  return fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } })
}

describe('dsh mcp over streamable HTTP, with the SDK client', () => {
  it('refuses a missing or wrong token (401) and a foreign browser Origin (403), creating no session', async () => {
    server = await startHttp({ cwd: workspace, args: ['--max-sessions', '1'] })
    const body = JSON.stringify(INITIALIZE)
    const none = await post(server.url, body, {})
    expect(none.status).toBe(401)
    expect(none.headers.get('www-authenticate')).toBe('Bearer')
    expect(await none.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000, message: expect.stringMatching(/^Unauthorized: send the server token as "Authorization: Bearer <token>"/) } })
    expect((await post(server.url, body, { authorization: 'Bearer wrong' })).status).toBe(401)
    const foreign = await post(server.url, body, { authorization: `Bearer ${server.token}`, origin: 'http://evil.example' })
    expect(foreign.status).toBe(403)
    expect(await foreign.json()).toMatchObject({ error: { message: expect.stringMatching(/^Forbidden: requests from the browser origin "http:\/\/evil.example" are refused/) } })
    await expect(server.connect('wrong')).rejects.toMatchObject({ code: 401, message: expect.stringContaining('Unauthorized: send the server token') })
    // none of that took the one session the server allows; a local page may use it
    const local = await post(server.url, body, { authorization: `Bearer ${server.token}`, origin: 'http://localhost:5173' })
    expect(local.status).toBe(200)
    expect(local.headers.get('mcp-session-id')).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('keeps sessions apart: one cannot touch the other\'s terminals (FOREIGN_SESSION); job notices reach their own session only', async () => {
    server = await startHttp({ cwd: workspace })
    const a = await server.connect()
    const b = await server.connect()
    const opened = await a.call('terminal_open', { type: 'shell' })
    expect(opened.isError ?? false, `${text(opened)} (needs bubblewrap: apt-get install bubblewrap)`).toBe(false)
    const { sessionId } = structured<{ sessionId: string }>(opened)
    const foreign = await b.call('terminal_send', { sessionId, text: 'echo hi' })
    expect(foreign.isError).toBe(true)
    expect(text(foreign)).toMatch(/^Error \[FOREIGN_SESSION\]: /)
    expect(text(await b.call('terminal_list', {}))).toBe('(no terminal sessions)')
    const started = await a.call('terminal_send', { sessionId, text: 'echo tok$((20+22))', run_in_background: true })
    const { jobId } = structured<{ jobId: string }>(started)
    await expect.poll(() => a.notifications.length, { timeout: WAIT_MS }).toBe(1)
    expect(a.notifications[0]).toMatchObject({ level: 'info', logger: 'dsh-jobs', data: { event: 'job-completed', jobId, content: expect.stringContaining('tok42') } })
    // b's own round trip after a's notice: nothing arrived for b
    await b.client.listTools()
    expect(b.notifications).toEqual([])
  })

  it('DELETE of a session answers once every process of its agent is gone', async () => {
    server = await startHttp({ cwd: workspace })
    const a = await server.connect()
    const { sessionId, pid } = structured<{ sessionId: string, pid: number }>(await a.call('terminal_open', { type: 'shell' }))
    await a.call('terminal_send', { sessionId, text: 'sleep 1000 & echo tok$((20+22))' })
    const tree = [pid, ...liveDescendants(pid)]
    expect(tree.length).toBeGreaterThan(2)
    await a.transport.terminateSession()
    expect(tree.filter((p) => !processGone(p))).toEqual([])
    // the session is gone for good
    const again = await post(server.url, JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }), { authorization: `Bearer ${server.token}`, 'mcp-session-id': a.transport.sessionId ?? 'ended', 'mcp-protocol-version': '2025-06-18' })
    expect(again.status).toBe(404)
  })

  it('serves 16 sessions in parallel without cross-talk', async () => {
    server = await startHttp({ cwd: workspace })
    const s = server
    const results = await Promise.all(Array.from({ length: 16 }, async (_, i) => {
      const c = await s.connect()
      const { sessionId } = structured<{ sessionId: string }>(await c.call('terminal_open', { type: 'shell' }))
      const sent = await c.call('terminal_send', { sessionId, text: `echo tok-${i}-$((20+22))` })
      const listed = structured<{ result: { sessionId: string }[] }>(await c.call('terminal_list', {}))
      return { i, content: text(sent), sessions: listed.result.map((x) => x.sessionId), sessionId }
    }))
    for (const r of results) {
      expect(r.content).toContain(`tok-${r.i}-42`)
      expect(r.content.match(/tok-\d+-42/g)).toEqual([`tok-${r.i}-42`])
      expect(r.sessions).toEqual([r.sessionId])
    }
    expect(new Set(results.map((r) => r.sessionId)).size).toBe(16)
  })

  it('answers a malformed body with a JSON-RPC parse error and keeps serving the session', async () => {
    server = await startHttp({ cwd: workspace })
    const a = await server.connect()
    const bad = await post(server.url, '{"jsonrpc":"2.0","id":5,"method":', { authorization: `Bearer ${server.token}`, 'mcp-session-id': a.transport.sessionId!, 'mcp-protocol-version': '2025-06-18' })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700, message: expect.stringMatching(/^Parse error: the request body is not valid JSON/) } })
    expect((await a.client.listTools()).tools.length).toBeGreaterThan(0)
  })

  it('caps concurrent sessions with a clear error', async () => {
    server = await startHttp({ cwd: workspace, args: ['--max-sessions', '2'] })
    await server.connect()
    await server.connect()
    await expect(server.connect()).rejects.toThrow(/the server already has 2 sessions \(the limit is 2\)/)
  })

  it('ends an idle session: its terminals close and it is gone', async () => {
    // long enough that a loaded machine cannot expire the session between initialize and
    // the first call; the test waits for the expiry's effects, not for a time
    server = await startHttp({ cwd: workspace, args: ['--idle-timeout', '4'] })
    const a = await server.connect()
    const { pid } = structured<{ pid: number }>(await a.call('terminal_open', { type: 'shell' }))
    const s = server
    await expect.poll(() => processGone(pid), { timeout: WAIT_MS }).toBe(true)
    await expect.poll(() => s.stderr(), { timeout: WAIT_MS }).toMatch(/\(mcp-1\) idle for 4 s: ending it/)
    await expect(a.client.listTools()).rejects.toMatchObject({ code: 404, message: expect.stringContaining('Session not found: it ended') })
  })

  it('shuts down on SIGTERM: exit 0, every shell gone', async () => {
    server = await startHttp({ cwd: workspace })
    const a = await server.connect()
    const { pid } = structured<{ pid: number }>(await a.call('terminal_open', { type: 'shell' }))
    expect(await server.stop()).toEqual({ code: 0, signal: null })
    expect(processGone(pid)).toBe(true)
    expect(server.stderr()).not.toMatch(/\[error\]/)
  })

  it('a taken port stops the start with LISTEN_FAILED and exit 1', async () => {
    server = await startHttp({ cwd: workspace })
    const port = new URL(server.url).port
    const second = spawnSync(process.execPath, [CLI, '--http', '--port', port], { cwd: workspace, env: { ...process.env, DSH_MCP_TOKEN: 't' }, encoding: 'utf8', timeout: WAIT_MS })
    expect(second.status, second.stderr).toBe(1)
    expect(second.stderr).toContain(`dsh mcp: LISTEN_FAILED: cannot listen on 127.0.0.1:${port} (EADDRINUSE); pick another --port or --host`)
  })
})
