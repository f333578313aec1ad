import { spawn } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { REPO_ROOT, WAIT_MS } from './helpers/headless-process'

// `pnpm demo` (examples/demo.mjs) end to end on the default composition: real bash confined
// by bubblewrap (apt-get install bubblewrap) and real python3.
describe('pnpm demo', () => {
  it('runs the whole story and exits 0', async () => {
    const child = spawn(process.execPath, ['examples/demo.mjs'], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (c: string) => { stdout += c })
    child.stderr.setEncoding('utf8').on('data', (c: string) => { stderr += c })
    const code = await new Promise<number | null>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the demo did not finish; output so far:\n${stdout}\n${stderr}`)), WAIT_MS * 3)
      child.once('exit', (c) => { clearTimeout(timer); resolve(c) })
    })
    expect(code, `${stdout}\n${stderr}`).toBe(0)
    // not a TTY: no colour codes
    expect(stdout).not.toContain('\x1b[')
    // child-produced tokens (absent from the inputs that caused them)
    expect(stdout).toContain('cwd=examples greeting=persistent')
    expect(stdout).toMatch(/^ {5}42$/m)
    expect(stdout).toContain('back at the prompt, last status 130')
    expect(stdout).toMatch(/^ {5}background-finished$/m)
    expect(stdout).toMatch(/delivered SIGINT to foreground process group \d+/)
    expect(stdout).toMatch(/\[status: completed, wait: stdin_read\]/)
    expect(stdout).toMatch(/\[lines: \d+-\d+ of \d+\]/)
    expect(stdout).toContain('closed terminal session pty-1')
    expect(stdout).toContain('(no terminal sessions)')
    expect(stdout).toMatch(/wait reason stdin_read/)
    expect(stdout).toMatch(/wait reason inferred_idle/)
    expect(stdout).toContain('Done: one shell kept its state across calls')
  })
})
