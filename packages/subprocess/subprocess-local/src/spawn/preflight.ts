import { constants } from 'node:fs'
import { access, stat } from 'node:fs/promises'
import { resolve } from 'node:path'
import { SubprocessError } from 'dsh-subprocess'
import { executableCandidates } from './options'

/** The working directory as an absolute path; BAD_CWD unless it is an existing directory. */
export async function checkCwd(cwd: string): Promise<string> {
  const absolute = resolve(cwd)
  const info = await stat(absolute).catch((cause: unknown) => {
    throw new SubprocessError('BAD_CWD', `working directory ${absolute} does not exist or cannot be read; pass an existing directory`, { cause })
  })
  if (!info.isDirectory()) throw new SubprocessError('BAD_CWD', `working directory ${absolute} is not a directory; pass an existing directory`)
  return absolute
}

/** The file execvp would run; NOT_EXECUTABLE when no candidate is an executable regular file. */
export async function findExecutable(program: string, cwd: string, searchPath: string | undefined): Promise<string> {
  const candidates = executableCandidates(program, cwd, searchPath)
  for (const file of candidates) {
    try {
      if ((await stat(file)).isFile()) {
        await access(file, constants.X_OK)
        return file
      }
    } catch {
      // not this one
    }
  }
  const where = program.includes('/') ? candidates[0] : `PATH (${searchPath ?? 'unset'})`
  throw new SubprocessError('NOT_EXECUTABLE', `program ${JSON.stringify(program)} was not found as an executable file in ${where}; install it or fix the path`)
}
