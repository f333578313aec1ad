import { spawn } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { processGone, REPO_ROOT, WAIT_MS } from './helpers/headless-process'

// `echo '{"id":1,"op":"tools","agent":"a"}' | pnpm dsh headless` with the root cordis.yml.
describe('pnpm dsh headless', () => {
  it('prints the job tools with their JSON schemas and exits 0 on EOF', async () => {
    const child = spawn('pnpm', ['dsh', 'headless'], { cwd: REPO_ROOT, stdio: 'pipe' })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (c: string) => { stdout += c })
    child.stderr.setEncoding('utf8').on('data', (c: string) => { stderr += c })
    child.stdin.end('{"id":1,"op":"tools","agent":"a"}\n')
    const code = await new Promise<number | null>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`pnpm dsh headless did not exit; stderr:\n${stderr}`)), WAIT_MS)
      child.once('error', (error) => reject(new Error(`could not run pnpm (install pnpm 10.34.9): ${error.message}`)))
      child.once('exit', (c) => { clearTimeout(timer); resolve(c) })
    })
    expect(code, stderr).toBe(0)
    // pnpm prints its own "> script" banner; the host's lines are the JSON ones
    const lines = stdout.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l))
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ id: 1, ok: true })
    const tools = lines[0].result.tools as { name: string, description: string, inputSchema: Record<string, unknown> }[]
    const byName = new Map(tools.map((t) => [t.name, t]))
    for (const name of ['job_output', 'job_list', 'job_kill']) {
      expect(byName.get(name)?.description.length).toBeGreaterThan(0)
      expect(byName.get(name)?.inputSchema).toMatchObject({ type: 'object', additionalProperties: false })
    }
    expect(byName.get('job_output')?.inputSchema).toMatchObject({ required: ['job_id'], properties: { job_id: { type: 'string' }, wait: { type: 'boolean' } } })
    expect(stderr).not.toMatch(/\[error\]/)
  })

  it('opens a workspace-write shell in the repository (the README quick start) with the host itself read-only', async () => {
    // -s: no "> script" banner, so every stdout line is protocol
    const child = spawn('pnpm', ['-s', 'dsh', 'headless'], { cwd: REPO_ROOT, stdio: 'pipe' })
    let stderr = ''
    let pending = ''
    const waiting = new Map<number, (answer: Record<string, unknown>) => void>()
    child.stderr.setEncoding('utf8').on('data', (c: string) => { stderr += c })
    child.stdout.setEncoding('utf8').on('data', (c: string) => {
      pending += c
      for (let nl = pending.indexOf('\n'); nl !== -1; nl = pending.indexOf('\n')) {
        const message = JSON.parse(pending.slice(0, nl)) as Record<string, unknown>
        pending = pending.slice(nl + 1)
        if (typeof message.id === 'number') waiting.get(message.id)?.(message)
      }
    })
    const call = (id: number, tool: string, args: unknown) => new Promise<Record<string, unknown>>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer to ${tool}; stderr:\n${stderr}`)), WAIT_MS)
      waiting.set(id, (answer) => { clearTimeout(timer); resolve(answer) })
      child.stdin.write(`${JSON.stringify({ id, agent: 'a', tool, args })}\n`)
    })
    try {
      const open = await call(1, 'terminal_open', { type: 'shell' })
      expect(open, stderr).toMatchObject({ ok: true, result: { sessionId: 'pty-1' } })
      const pid = (open.result as { pid: number }).pid
      const send = await call(2, 'terminal_send', { sessionId: 'pty-1', text: 'touch cordis.yml 2>/dev/null && echo cfg-writable || echo cfg-$((1+1))-ro; echo tok$((20+22))' })
      expect(send.content).toContain('cfg-2-ro')
      expect(send.content).toContain('tok42')
      child.stdin.end()
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
      expect(code, stderr).toBe(0)
      expect(processGone(pid)).toBe(true)
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL')
    }
  })
})
