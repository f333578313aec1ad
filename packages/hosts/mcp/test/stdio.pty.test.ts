import { mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { CONTROLLED_PROMPT } from 'dsh-terminal-bash'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { liveDescendants, processGone, REPO_ROOT } from '../../host/test/helpers/procs'
import { type StdioServer, startStdio, text, WAIT_MS } from './helpers/mcp-process'

// The real server (`node packages/hosts/mcp/lib/cli.js`, the root cordis.yml: shells in
// workspace-write through bubblewrap, apt-get install bubblewrap) driven by the SDK's own
// Client over StdioClientTransport, started in a scratch directory as a client would.

const workspace = realpathSync(mkdtempSync(join(tmpdir(), 'dsh-mcp-stdio-')))
afterAll(() => { rmSync(workspace, { recursive: true, force: true }) })

let server: StdioServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

const structured = <T>(r: CallToolResult) => r.structuredContent as T
const prompts = async (s: StdioServer, sessionId: string) =>
  text(await s.call('terminal_read', { sessionId, count: 1000 })).split(CONTROLLED_PROMPT).length - 1

describe('dsh mcp over stdio, with the SDK client', () => {
  it('lists every tool with its input and output schemas and annotations, and gives the tool:pty guidance as instructions', async () => {
    server = await startStdio({ cwd: workspace })
    const { tools } = await server.client.listTools()
    for (const tool of tools) expect(tool.description!.length, tool.name).toBeGreaterThan(0)
    // descriptions are pinned by the tools' own tests; here: names, schemas, annotations
    expect(tools.map(({ description: _d, ...rest }) => rest)).toMatchSnapshot()
    const instructions = server.client.getInstructions()
    expect(instructions).toContain('Use a terminal session only when work needs persistent terminal state or interactive stdin')
    expect(server.client.getServerCapabilities()).toMatchObject({ tools: {}, logging: {} })
  })

  it('keeps a shell across calls, in the directory the client started it in; python3 print(6*7) gives 42 with stdin_read', async () => {
    server = await startStdio({ cwd: workspace })
    const opened = await server.call('terminal_open', { type: 'shell' })
    expect(opened.isError ?? false, `${text(opened)} (needs bubblewrap: apt-get install bubblewrap)`).toBe(false)
    const { sessionId } = structured<{ sessionId: string }>(opened)
    expect(text(opened)).toMatch(new RegExp(`^started terminal session ${sessionId} `))
    await server.call('terminal_send', { sessionId, text: 'export KEEP=kept; mkdir -p sub && cd sub' })
    const state = await server.call('terminal_send', { sessionId, text: 'echo "cwd=$PWD keep=$KEEP sum=$((6*7))"' })
    expect(text(state)).toContain(`cwd=${workspace}/sub keep=kept sum=42`)
    const outside = await server.call('terminal_send', { sessionId, text: `touch ${REPO_ROOT}dsh-mcp-probe || echo denied$((1+1))` })
    expect(text(outside)).toContain('denied2')
    await server.call('terminal_send', { sessionId, text: 'python3 -q' })
    const answer = await server.call('terminal_send', { sessionId, text: 'print(6*7)' })
    expect(answer.isError ?? false).toBe(false)
    expect(text(answer)).toContain('\n42\n')
    expect(structured<{ waitReason: string, viewport: string }>(answer)).toMatchObject({ kind: 'foreground', waitReason: 'stdin_read', viewport: expect.stringContaining('42') })
    // content is the bounded text; structuredContent the tool's result
    expect(text(answer)).toContain(structured<{ viewport: string }>(answer).viewport.trimEnd())
  })

  it('a cancelled send interrupts its program (SIGINT) and the next send works', async () => {
    server = await startStdio({ cwd: workspace })
    const { sessionId } = structured<{ sessionId: string }>(await server.call('terminal_open', { type: 'shell' }))
    const before = await prompts(server, sessionId)
    const controller = new AbortController()
    const pending = server.client.callTool({ name: 'terminal_send', arguments: { sessionId, text: 'echo na""pping; sleep 100' } }, undefined, { signal: controller.signal })
    const s = server
    await expect.poll(async () => text(await s.call('terminal_read', { sessionId })), { timeout: WAIT_MS }).toContain('\nnapping')
    controller.abort(new Error('the user pressed stop'))
    await expect(pending).rejects.toThrow(/the user pressed stop/)
    // the interrupted shell prints a fresh prompt of its own; the next send must not settle on it
    await expect.poll(() => prompts(s, sessionId), { timeout: WAIT_MS }).toBeGreaterThan(before)
    const after = await server.call('terminal_send', { sessionId, text: 'echo "status=$? $((6*7))"' })
    expect(text(after)).toContain('status=130 42')
  })

  it('reports progress while a 2 s send waits: elapsed time and output bytes', async () => {
    server = await startStdio({ cwd: workspace })
    const { sessionId } = structured<{ sessionId: string }>(await server.call('terminal_open', { type: 'shell' }))
    const progress: { progress: number, message?: string }[] = []
    const result = await server.client.callTool({ name: 'terminal_send', arguments: { sessionId, text: 'echo start; sleep 2; echo tok$((20+22))' } }, undefined, { onprogress: (p) => { progress.push(p) } }) as CallToolResult
    expect(text(result)).toContain('tok42')
    expect(progress.length).toBeGreaterThanOrEqual(2)
    for (let i = 1; i < progress.length; i++) expect(progress[i]!.progress).toBeGreaterThan(progress[i - 1]!.progress)
    expect(progress.at(-1)!.message).toMatch(/^\d+\.\d s elapsed, \d+ output bytes so far$/)
  })

  it('a background send ends with a notifications/message to the session', async () => {
    server = await startStdio({ cwd: workspace })
    const { sessionId } = structured<{ sessionId: string }>(await server.call('terminal_open', { type: 'shell' }))
    const started = await server.call('terminal_send', { sessionId, text: 'echo tok$((20+22))', run_in_background: true })
    const { jobId } = structured<{ jobId: string }>(started)
    expect(text(started)).toBe(`started background job ${jobId}`)
    const s = server
    await expect.poll(() => s.notifications.length, { timeout: WAIT_MS }).toBe(1)
    expect(server.notifications[0]).toMatchObject({ level: 'info', logger: 'dsh-jobs', data: { event: 'job-completed', jobId, status: 'completed', content: expect.stringContaining('tok42') } })
  })

  it('answers coded errors as isError results the model can read, unknown tools as JSON-RPC errors', async () => {
    server = await startStdio({ cwd: workspace })
    const missing = await server.call('terminal_send', { sessionId: 'pty-99', text: 'x' })
    expect(missing.isError).toBe(true)
    expect(text(missing)).toMatch(/^Error \[NO_SESSION\]: /)
    const invalid = await server.call('terminal_send', { sessionId: 'pty-1', text: 'x', extra: 1 })
    expect(invalid.isError).toBe(true)
    expect(text(invalid)).toMatch(/^Error \[INVALID_ARGUMENTS\]: .*undeclared argument "extra"/)
    await expect(server.client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('no tool named "no_such_tool" is registered') })
    expect(server.errors).toEqual([])
  })

  it('stdin EOF disposes the agent: the server exits 0 and no process of its shells is left', async () => {
    server = await startStdio({ cwd: workspace })
    const opened = await server.call('terminal_open', { type: 'shell' })
    const { sessionId, pid } = structured<{ sessionId: string, pid: number }>(opened)
    await server.call('terminal_send', { sessionId, text: 'sleep 1000 & echo tok$((20+22))' })
    const tree = [server.pid, pid, ...liveDescendants(pid)]
    expect(tree.length).toBeGreaterThan(3)
    server.endInput()
    const s = server
    await expect.poll(() => tree.filter((p) => !processGone(p)), { timeout: WAIT_MS }).toEqual([])
    await expect.poll(() => s.exitCode(), { timeout: WAIT_MS }).toBe(0)
    expect(s.stderr()).not.toMatch(/SIGTERM|\[error\]/)
    // stdout carried only protocol: the client saw no unparsable line
    expect(s.errors).toEqual([])
  })
})

describe('pnpm dsh mcp', () => {
  it('runs in the directory pnpm was invoked from (the workspace), not the repository root', async () => {
    const { StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js')
    const { Client } = await import('@modelcontextprotocol/sdk/client/index.js')
    const transport = new StdioClientTransport({ command: 'pnpm', args: ['-s', '--dir', REPO_ROOT, 'dsh', 'mcp'], cwd: workspace, stderr: 'pipe' })
    const client = new Client({ name: 'dsh-test', version: '0.0.0' })
    try {
      await client.connect(transport)
      const opened = await client.callTool({ name: 'terminal_open', arguments: { type: 'shell' } }) as CallToolResult
      const { sessionId } = opened.structuredContent as { sessionId: string }
      const pwd = await client.callTool({ name: 'terminal_send', arguments: { sessionId, text: 'echo "dir=$PWD"' } }) as CallToolResult
      expect(text(pwd)).toContain(`dir=${workspace}\n`)
    } finally {
      await client.close()
    }
    expect(readFileSync(`${REPO_ROOT}package.json`, 'utf8')).toContain('"dsh": "node scripts/dsh.mjs"')
  })

  it('--workspace DIR takes the place of the start directory', async () => {
    server = await startStdio({ cwd: REPO_ROOT, args: ['--workspace', workspace] })
    const { sessionId } = structured<{ sessionId: string }>(await server.call('terminal_open', { type: 'shell' }))
    expect(text(await server.call('terminal_send', { sessionId, text: 'echo "dir=$PWD"' }))).toContain(`dir=${workspace}\n`)
    expect(server.stderr()).toContain(`workspace ${workspace}`)
  })
})
