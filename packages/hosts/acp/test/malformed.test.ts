import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { overlayWith, scriptModel } from '../../headless/test/helpers/overlay'
import { CLI, REPO_ROOT, WAIT_MS } from './helpers/acp-process'

// Bad input over the raw wire: a malformed line, a JSON array, unknown methods and bad
// params each get a JSON-RPC error, and the agent keeps serving.

const HELLO = fileURLToPath(new URL('./fixtures/hello.yml', import.meta.url))
const OPEN_SHELL = fileURLToPath(new URL('./fixtures/open-shell.yml', import.meta.url))

/** The base ACP composition (examples/acp/cordis.yml, no PTY) with the model swapped for a script. */
function baseWithScript(script: string): string {
  return overlayWith(fileURLToPath(new URL('./fixtures/acp-base.yml', import.meta.url)), {}, scriptModel(script))
}

describe('dsh-acp bad input', () => {
  it('answers malformed messages with JSON-RPC errors and keeps serving', async () => {
    const child = spawn(process.execPath, [CLI, '--config', baseWithScript(HELLO)], { cwd: REPO_ROOT, stdio: 'pipe' })
    const lines: Record<string, unknown>[] = []
    let pending = ''
    let stderr = ''
    const waiters = new Set<() => void>()
    child.stderr.setEncoding('utf8').on('data', (c: string) => { stderr += c })
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      pending += chunk
      for (let nl = pending.indexOf('\n'); nl !== -1; nl = pending.indexOf('\n')) {
        lines.push(JSON.parse(pending.slice(0, nl)) as Record<string, unknown>)
        pending = pending.slice(nl + 1)
      }
      for (const w of [...waiters]) w()
    })
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
    const next = (n: number) => new Promise<Record<string, unknown>>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer ${n}; got ${JSON.stringify(lines)}; stderr ${stderr}`)), WAIT_MS)
      const check = () => { if (lines.length >= n) { clearTimeout(timer); waiters.delete(check); resolve(lines[n - 1]!) } }
      waiters.add(check)
      check()
    })
    const send = (line: string) => child.stdin.write(`${line}\n`)
    try {
      send('this is not json')
      expect(await next(1)).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } })
      send('[1, 2]')
      expect(await next(2)).toMatchObject({ id: null, error: { code: -32600 } })
      send(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'session/new', params: { cwd: REPO_ROOT, mcpServers: [] } }))
      expect(await next(3)).toMatchObject({ id: 3, error: { code: -32600, message: expect.stringMatching(/must be initialized before/) } })
      send(JSON.stringify({ jsonrpc: '2.0', id: 6, method: 'initialize', params: { protocolVersion: 1, clientCapabilities: {} } }))
      expect(await next(4)).toMatchObject({ id: 6, result: { protocolVersion: 1 } })
      send(JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'teleport', params: {} }))
      expect(await next(5)).toMatchObject({ id: 9, error: { code: -32601 } })
      send(JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'session/new', params: { mcpServers: [] } }))
      expect(await next(6)).toMatchObject({ id: 4, error: { code: -32602 } })
      send(JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'session/new', params: { cwd: 'relative/dir', mcpServers: [] } }))
      expect(await next(7)).toMatchObject({ id: 5, error: { code: -32602, message: 'session/new: cwd must be an absolute path (got "relative/dir")', data: { code: 'BAD_WORKSPACE' } } })
      // still serving: a session without modes (no sandbox policy in the base)
      send(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'session/new', params: { cwd: REPO_ROOT, mcpServers: [] } }))
      expect(await next(8)).toEqual({ jsonrpc: '2.0', id: 7, result: { sessionId: 'acp-1', modes: null } })
      send(JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'session/set_mode', params: { sessionId: 'acp-1', modeId: 'read-only' } }))
      expect(await next(9)).toMatchObject({ id: 8, error: { data: { code: 'NO_SANDBOX_POLICY' }, message: expect.stringMatching(/mounts no sandbox policy/) } })
      child.stdin.end()
      expect(await exited).toBe(0)
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL')
    }
  })

  it('a script naming a tool the composition does not serve fails at start, naming the file and the field', async () => {
    const child = spawn(process.execPath, [CLI, '--config', baseWithScript(OPEN_SHELL)], { cwd: REPO_ROOT, stdio: 'pipe' })
    let stderr = ''
    child.stderr.setEncoding('utf8').on('data', (c: string) => { stderr += c })
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
    expect(code).toBe(1)
    expect(stderr).toContain(`model-script: ${OPEN_SHELL}: turns[0].toolCalls[0].name: no tool named "terminal_open" is served; served tools: job_kill, job_list, job_output`)
  })
})
