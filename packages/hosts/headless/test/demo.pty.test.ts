import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { REPO_ROOT, WAIT_MS } from './helpers/headless-process'

const NO_BWRAP_YML = fileURLToPath(new URL('./fixtures/no-bwrap.yml', import.meta.url))

/** Run examples/demo.mjs (what `pnpm demo` runs) to the end. */
async function runDemo(args: string[] = []): Promise<{ code: number | null, stdout: string, stderr: string }> {
  const child = spawn(process.execPath, ['examples/demo.mjs', ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (c: string) => { stdout += c })
  child.stderr.setEncoding('utf8').on('data', (c: string) => { stderr += c })
  const code = await new Promise<number | null>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the demo did not finish; output so far:\n${stdout}\n${stderr}`)), WAIT_MS * 3)
    child.once('exit', (c) => { clearTimeout(timer); resolve(c) })
  })
  return { code, stdout, stderr }
}

// `pnpm demo` (examples/demo.mjs) end to end on the default composition: real bash confined
// by bubblewrap (apt-get install bubblewrap) and real python3.
describe('pnpm demo', () => {
  it('runs the whole story and exits 0', async () => {
    const { code, stdout, stderr } = await runDemo()
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

  it('stops at the open with SANDBOX_UNAVAILABLE and says how to install bubblewrap when it is missing', async () => {
    const { code, stdout } = await runDemo([NO_BWRAP_YML])
    expect(code).toBe(1)
    expect(stdout).toMatch(/Error \[SANDBOX_UNAVAILABLE\]: sandbox: bubblewrap .* was not found/)
    expect(stdout).toContain('apt-get install bubblewrap')
    expect(stdout).toContain('danger-full-access')
    // never a silent fallback: nothing after the open ran
    expect(stdout).not.toContain('terminal_send')
  })
})
