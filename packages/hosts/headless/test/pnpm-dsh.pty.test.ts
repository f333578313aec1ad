import { spawn } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { REPO_ROOT, WAIT_MS } from './helpers/headless-process'

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
})
