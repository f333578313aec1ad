import { realpath, stat } from 'node:fs/promises'
import { isAbsolute } from 'node:path'
import { SandboxError, type SandboxErrorCode } from 'dsh-sandbox'

/**
 * The canonical path of an existing absolute directory, or a coded error naming `what`
 * and the value (BAD_WORKSPACE for the workspace root, BAD_CWD for a working directory).
 */
export async function canonicalDirectory(value: unknown, what: string, code: SandboxErrorCode & ('BAD_WORKSPACE' | 'BAD_CWD')): Promise<string> {
  const fail = (problem: string, cause?: unknown): never => {
    throw new SandboxError(code, `sandbox: ${what} ${JSON.stringify(value)} ${problem}; pass an existing directory as an absolute path`, { cause })
  }
  if (typeof value !== 'string' || !isAbsolute(value)) return fail('is not an absolute path')
  let path: string
  try {
    path = await realpath(value)
  } catch (error) {
    return fail((error as NodeJS.ErrnoException).code === 'ENOENT' ? 'does not exist' : 'cannot be resolved', error)
  }
  if (!(await stat(path)).isDirectory()) return fail('is not a directory')
  return path
}
