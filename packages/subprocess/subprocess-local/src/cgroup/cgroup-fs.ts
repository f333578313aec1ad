// @dsh-pure
/**
 * The file operations the cgroup code needs, behind one small interface so the driver's
 * decisions can be exercised over a fake tree. Failures throw errors with a `code` (EACCES,
 * EBUSY, ENOENT...), except `read` and `list`, which return undefined.
 */
export interface CgroupFs {
  read(path: string): Promise<string | undefined>
  write(path: string, text: string): Promise<void>
  mkdir(path: string): Promise<void>
  rmdir(path: string): Promise<void>
  /** Subdirectory names; undefined when the directory is missing or unreadable. */
  list(path: string): Promise<string[] | undefined>
  exists(path: string): Promise<boolean>
  readSync(path: string): string | undefined
  writeSync(path: string, text: string): void
  rmdirSync(path: string): void
}

/** The errno-style code of a thrown error ('' when there is none). */
export function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | undefined)?.code
  return typeof code === 'string' ? code : ''
}

/** rmdir of a cgroup the kernel still counts as populated (its last process is exiting). */
export const REMOVE_RETRIES = 20
export const REMOVE_RETRY_MS = 5

/**
 * rmdir a cgroup directory, retrying briefly while the kernel still counts an exiting
 * process (EBUSY). True when it is gone (already gone counts).
 */
export async function removeCgroupDir(fs: CgroupFs, dir: string, sleep: (ms: number) => Promise<void>): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    try {
      await fs.rmdir(dir)
      return true
    } catch (error) {
      const code = errorCode(error)
      if (code === 'ENOENT') return true
      if (code !== 'EBUSY' || attempt >= REMOVE_RETRIES) return false
      await sleep(REMOVE_RETRY_MS)
    }
  }
}
