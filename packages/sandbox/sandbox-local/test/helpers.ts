import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, realpathSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { Context } from '@deepseek-ai/cordis'
import { Config, type ConfigInput, SandboxLocalService } from '../src'

/** Generous bound for a real process to finish: only matters when a test fails. */
export const REAL_WAIT_MS = 20_000

/** Bound on captured output per stream. */
const MAX_CAPTURE = 256 * 1024

export interface RunResult {
  readonly code: number | null
  readonly signal: NodeJS.Signals | null
  readonly stdout: string
  readonly stderr: string
}

/** Run argv to completion (bounded by REAL_WAIT_MS, then SIGKILL) and capture its output. */
export function run(argv: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(argv[0]!, argv.slice(1), { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (d: string) => { if (stdout.length < MAX_CAPTURE) stdout += d })
    child.stderr.setEncoding('utf8').on('data', (d: string) => { if (stderr.length < MAX_CAPTURE) stderr += d })
    const timer = setTimeout(() => child.kill('SIGKILL'), REAL_WAIT_MS)
    child.on('error', (error) => { clearTimeout(timer); reject(error) })
    child.on('close', (code, signal) => { clearTimeout(timer); resolve({ code, signal, stdout, stderr }) })
  })
}

/** Fail with an install hint when bubblewrap is missing (these tests need the real thing). */
export function requireBwrap(): void {
  const found = (process.env.PATH ?? '').split(delimiter).some((dir) => dir !== '' && existsSync(join(dir, 'bwrap')))
  if (!found) throw new Error('bubblewrap is required for these tests: install it (apt-get install bubblewrap) so `bwrap` is on PATH')
}

/** A temp dir outside /tmp (so workspace-write's private /tmp does not hide it), canonical. */
export function tempDirOutsideTmp(prefix: string): string {
  const base = existsSync('/var/tmp') ? '/var/tmp' : tmpdir()
  return realpathSync(mkdtempSync(join(base, prefix)))
}

/** A temp dir under the OS temp dir (normally /tmp), canonical. */
export function tempDirInTmp(prefix: string): string {
  return realpathSync(mkdtempSync(join(tmpdir(), prefix)))
}

/** A root context with dsh-sandbox-local mounted. */
export async function bootSandbox(config: ConfigInput = {}): Promise<Context> {
  const root = new Context()
  await root.plugin(SandboxLocalService, Config.parse(config))
  return root
}

/** Platform gates for suites that need one platform's sandbox; the suite name says why. */
export const ON_LINUX = process.platform === 'linux'
export const ON_MACOS = process.platform === 'darwin'

/**
 * A bash script trying each write given as `kind:path` (create, append, delete, mkdir,
 * `rename` (to `path.moved`, moved back when it worked), or `same`: rewrite a file with
 * its current content, so even a failing sandbox changes nothing there); it prints one
 * `ALLOWED spec` or `DENIED spec` line per attempt.
 */
export const TRY_WRITES = `
for spec in "$@"; do
  kind=\${spec%%:*}; p=\${spec#*:}
  case $kind in
    create) ( : > "$p" ) 2>/dev/null ;;
    append) ( echo more >> "$p" ) 2>/dev/null ;;
    delete) rm -f "$p" 2>/dev/null && [ ! -e "$p" ] ;;
    mkdir)  mkdir "$p" 2>/dev/null ;;
    same)   v=$(cat "$p") && ( printf '%s\\n' "$v" > "$p" ) 2>/dev/null ;;
    rename) mv "$p" "$p.moved" 2>/dev/null && mv "$p.moved" "$p" ;;
  esac && echo "ALLOWED $spec" || echo "DENIED $spec"
done`

/** The verdicts TRY_WRITES printed, by spec. */
export function verdicts(stdout: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const line of stdout.split('\n')) {
    const m = /^(ALLOWED|DENIED) (.*)$/.exec(line)
    if (m) out[m[2]!] = m[1]!
  }
  return out
}
