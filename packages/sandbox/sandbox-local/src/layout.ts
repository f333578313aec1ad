// @dsh-pure
import { type ConfinedMode, type ExecutionPolicy, SandboxError } from 'dsh-sandbox'

/** A policy whose mode needs wrapping, with its workspace root checked. */
export interface ConfinedPolicy extends ExecutionPolicy {
  readonly mode: ConfinedMode
}

/** Top-level directories the sandbox replaces with its own (bwrap mounts fresh ones). */
export const REPLACED_DIRS = ['/dev', '/proc'] as const

/** Where both confined modes mount their private, writable scratch directory. */
export const PRIVATE_TMP = '/tmp'

/** True when `path` is `dir` or below it (both absolute and normalized). */
export function isWithin(path: string, dir: string): boolean {
  if (dir === '/') return path.startsWith('/')
  return path === dir || path.startsWith(`${dir}/`)
}

/** The argv to confine as a plain string array, or BAD_ARGV. */
export function checkArgv(argv: unknown): string[] {
  if (!Array.isArray(argv) || argv.length === 0 || !argv.every((a) => typeof a === 'string') || argv[0] === '') {
    throw new SandboxError('BAD_ARGV', `sandbox: the command to confine must be a non-empty list of strings with a program first, got ${describe(argv)}; pass [program, ...args]`)
  }
  return [...argv]
}

/**
 * Refuse a workspace root that would undo the layout: `/` would make every path writable
 * (that is danger-full-access, which must be chosen explicitly), and `/dev` or `/proc` are
 * replaced inside the sandbox.
 */
export function checkWorkspaceLayout(workspaceRoot: string): void {
  if (workspaceRoot === '/') {
    throw new SandboxError('BAD_WORKSPACE', 'sandbox: workspace-write with workspaceRoot "/" would make the whole filesystem writable; pick a project directory, or choose danger-full-access explicitly')
  }
  for (const dir of REPLACED_DIRS) {
    if (isWithin(workspaceRoot, dir)) {
      throw new SandboxError('BAD_WORKSPACE', `sandbox: workspaceRoot "${workspaceRoot}" lies in ${dir}, which the sandbox replaces; pick a project directory`)
    }
  }
}

/**
 * Why a canonical working directory is not visible inside the Linux sandbox, or undefined
 * when it is: `/dev` and `/proc` are fresh mounts, `/tmp` is private and each masked
 * socket directory is empty (only the workspace root, if it lies in one, is mounted back).
 */
export function hiddenCwdReason(cwd: string, policy: ConfinedPolicy, maskedDirs: readonly string[] = []): string | undefined {
  for (const dir of REPLACED_DIRS) {
    if (isWithin(cwd, dir)) return `${dir} is replaced inside the sandbox`
  }
  if (isWithin(cwd, policy.workspaceRoot)) return undefined
  if (isWithin(cwd, PRIVATE_TMP)) {
    return `${PRIVATE_TMP} is private inside the sandbox (only the workspace root ${policy.workspaceRoot} is shared)`
  }
  const masked = maskedDirs.find((dir) => isWithin(cwd, dir))
  if (masked !== undefined) return `${masked} holds host sockets and is empty inside the sandbox`
  return undefined
}

function describe(value: unknown): string {
  let text: string
  try {
    text = JSON.stringify(value) ?? String(value)
  } catch {
    text = String(value)
  }
  return text.length > 120 ? `${text.slice(0, 117)}...` : text
}
