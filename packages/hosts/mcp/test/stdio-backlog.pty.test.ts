import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process'
import { mkdtempSync, realpathSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { killIfRunning, peakRssMb, readingStopped, trackAnswers } from '../../host/test/helpers/backlog'
import { processGone } from '../../host/test/helpers/procs'
import { CLI } from './helpers/mcp-process'

// A careless client over stdio: it writes requests and stops reading the answers. The
// server must stop reading requests (its memory bounded) and answer every one of them once
// the client reads again. Raw JSON-RPC lines: the SDK client always reads.

const workspace = realpathSync(mkdtempSync(join(tmpdir(), 'dsh-mcp-backlog-')))
afterAll(() => { rmSync(workspace, { recursive: true, force: true }) })

let child: ChildProcessWithoutNullStreams | undefined
afterEach(async () => {
  await killIfRunning(child)
  child = undefined
})

describe('dsh mcp over stdio, a client that stops reading', () => {
  it('the server stops reading requests while its answers wait, then answers every one of them', async () => {
    const server = spawn(process.execPath, [CLI], { cwd: workspace, stdio: ['pipe', 'pipe', 'pipe'] })
    child = server
    server.stderr.resume()
    const answers = trackAnswers(server)
    const send = (message: object) => server.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`)
    send({ id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'careless', version: '1' } } })
    await answers.answered(0)
    send({ method: 'notifications/initialized' })
    const before = peakRssMb(server.pid!)

    // stop reading, ask for the whole tool catalog (tens of KB per answer) 300 times, more
    // than the server may hold for a reader, then ping 20,000 times: about 1 MB of requests
    // that must wait in our stream, not be read and answered into the server's memory
    server.stdout.pause()
    const LISTS = 300
    const COUNT = LISTS + 20_000
    for (let id = 1; id <= LISTS; id++) send({ id, method: 'tools/list' })
    for (let id = LISTS + 1; id <= COUNT; id++) send({ id, method: 'ping' })
    // the server stopped reading: our requests wait in our own stream, not in its memory.
    // Seen as: its read counter stands still while we still hold unsent requests (had it
    // read them all, our stream would have drained).
    expect(await readingStopped(server)).toBe('stopped')
    const growth = peakRssMb(server.pid!) - before

    server.stdout.resume()
    await answers.until('every request answered', COUNT + 1)
    // bounded: a few MB past the high water, whatever the client sends
    expect(growth).toBeLessThan(200)
    server.stdin.end()
    const pid = server.pid!
    await new Promise((resolve) => server.once('exit', resolve))
    expect(processGone(pid)).toBe(true)
  })
})
