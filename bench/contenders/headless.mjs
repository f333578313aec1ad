// Ours over the process boundary: the headless host (`dsh headless --config FILE`) driven
// over its JSON-lines protocol. Every session operation is one request line and its response.
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { CALL_TIMEOUT_MS, openStackSession } from '../harness/stack-session.mjs'

/** Bound on the host's start-up and shutdown (only matters on failure). */
const HOST_START_MS = 30_000

export async function createHeadless({ repoRoot, composition }) {
  const child = spawn(process.execPath, [`${repoRoot}/packages/hosts/headless/lib/cli.js`, 'headless', '--config', composition], {
    cwd: repoRoot,
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const pending = new Map()
  let nextId = 1
  createInterface({ input: child.stdout }).on('line', (line) => {
    let msg
    try {
      msg = JSON.parse(line)
    } catch {
      return
    }
    const p = pending.get(msg.id)
    if (!p) return
    pending.delete(msg.id)
    clearTimeout(p.timer)
    p.resolve(msg)
  })
  const request = (body, timeoutMs = CALL_TIMEOUT_MS) =>
    new Promise((resolve, reject) => {
      const id = nextId++
      const timer = setTimeout(() => {
        pending.delete(id)
        reject(new Error(`headless: no response to ${JSON.stringify(body).slice(0, 80)} in ${timeoutMs} ms`))
      }, timeoutMs)
      pending.set(id, { resolve, timer })
      child.stdin.write(`${JSON.stringify({ id, ...body })}\n`)
    })
  const failed = await Promise.race([
    request({ op: 'tools', agent: 'bench' }, HOST_START_MS).then(
      (r) => (r.ok && r.result.tools.some((t) => t.name === 'terminal_send') ? undefined : `no terminal tools: ${JSON.stringify(r).slice(0, 200)}`),
      (e) => e.message,
    ),
    exited.then((code) => `host exited with code ${code}`),
  ])
  if (failed) {
    child.kill('SIGKILL')
    throw new Error(`headless host did not start: ${failed}`)
  }
  const call = async (tool, args) => {
    const r = await request({ agent: 'bench', tool, args })
    return r.ok ? { ok: true, value: r.result, content: r.content } : { ok: false, code: r.error?.code, content: r.content ?? r.error?.message }
  }
  return {
    name: 'headless',
    description: `headless host over JSON lines, ${composition.split('/').pop()}`,
    hostPid: () => child.pid,
    open: () => openStackSession(call),
    /** One tool call as a protocol request (W10 times it while sessions close). */
    request: (tool, args) => call(tool, args),
    async dispose() {
      await request({ op: 'shutdown' }, HOST_START_MS).catch(() => child.kill('SIGKILL'))
      child.stdin.end()
      await exited
    },
  }
}
