import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { killIfRunning, peakRssMb, readingStopped, trackAnswers } from '../../host/test/helpers/backlog'
import { processGone } from '../../host/test/helpers/procs'
import { overlayWith, scriptModel } from '../../headless/test/helpers/overlay'
import { CLI, REPO_ROOT } from './helpers/acp-process'

// A careless client over the raw wire: it writes requests and stops reading the answers.
// The agent must stop reading requests (its memory bounded) and answer every one of them
// once the client reads again.

const HELLO = fileURLToPath(new URL('./fixtures/hello.yml', import.meta.url))
const BASE = fileURLToPath(new URL('./fixtures/acp-base.yml', import.meta.url))

let child: ChildProcessWithoutNullStreams | undefined
afterEach(async () => {
  await killIfRunning(child)
  child = undefined
})

describe('dsh-acp, a client that stops reading', () => {
  it('the agent stops reading requests while its answers wait, then answers every one of them', async () => {
    const agent = spawn(process.execPath, [CLI, '--config', overlayWith(BASE, {}, scriptModel(HELLO))], { cwd: REPO_ROOT, stdio: ['pipe', 'pipe', 'pipe'] })
    child = agent
    agent.stderr.resume()
    const answers = trackAnswers(agent)
    const request = (id: number) => `${JSON.stringify({ jsonrpc: '2.0', id, method: 'initialize', params: { protocolVersion: 1, clientCapabilities: {} } })}\n`
    agent.stdin.write(request(0))
    await answers.answered(0)
    const before = peakRssMb(agent.pid!)

    // stop reading, then initialize 60,000 times (about 20 MB of answers)
    agent.stdout.pause()
    const COUNT = 60_000
    let batch = ''
    for (let id = 1; id <= COUNT; id++) batch += request(id)
    agent.stdin.write(batch)
    expect(await readingStopped(agent)).toBe('stopped')
    const growth = peakRssMb(agent.pid!) - before

    agent.stdout.resume()
    await answers.until('every request answered', COUNT + 1)
    expect(growth).toBeLessThan(200)
    agent.stdin.end()
    const pid = agent.pid!
    await new Promise((resolve) => agent.once('exit', resolve))
    expect(processGone(pid)).toBe(true)
  })
})
