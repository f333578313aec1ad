import { existsSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs'
import { access, mkdir, readdir, readFile, rmdir, writeFile } from 'node:fs/promises'
import type { CgroupFs } from './cgroup-fs'

/** CgroupFs over the real cgroup filesystem (asynchronous, except the *Sync exit path). */
export const nodeCgroupFs: CgroupFs = {
  read: (path) => readFile(path, 'utf8').catch(() => undefined),
  write: (path, text) => writeFile(path, text),
  mkdir: async (path) => { await mkdir(path) },
  rmdir: (path) => rmdir(path),
  list: async (path) => {
    try {
      return (await readdir(path, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name)
    } catch {
      return undefined
    }
  },
  exists: (path) => access(path).then(() => true, () => false),
  readSync(path) {
    try {
      return readFileSync(path, 'utf8')
    } catch {
      return undefined
    }
  },
  writeSync: (path, text) => writeFileSync(path, text),
  rmdirSync: (path) => {
    if (existsSync(path)) rmdirSync(path)
  },
}
