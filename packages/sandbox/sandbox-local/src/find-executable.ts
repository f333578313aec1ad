import { constants } from 'node:fs'
import { access, stat } from 'node:fs/promises'
import { delimiter, isAbsolute, join, resolve } from 'node:path'

async function isExecutableFile(path: string): Promise<boolean> {
  try {
    await access(path, constants.X_OK)
    return (await stat(path)).isFile()
  } catch {
    return false
  }
}

/**
 * The absolute path of an executable: `name` itself when it holds a slash (relative to the
 * working directory), else the first match on `searchPath` (a PATH value). Undefined when
 * there is none.
 */
export async function findExecutable(name: string, searchPath: string | undefined): Promise<string | undefined> {
  if (name.includes('/')) {
    const path = isAbsolute(name) ? name : resolve(name)
    return (await isExecutableFile(path)) ? path : undefined
  }
  for (const dir of (searchPath ?? '').split(delimiter)) {
    if (dir === '' || !isAbsolute(dir)) continue
    const candidate = join(dir, name)
    if (await isExecutableFile(candidate)) return candidate
  }
  return undefined
}
