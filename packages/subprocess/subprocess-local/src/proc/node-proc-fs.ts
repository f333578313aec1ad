import { closeSync, openSync, readdirSync, readFileSync, readSync, statSync } from 'node:fs'
import type { FdIdentity, ProcFs } from './proc-fs'

/** ProcFs over the real /proc, synchronous: each call is one or two cheap syscalls. */
export const nodeProcFs: ProcFs = {
  read(path) {
    try {
      return readFileSync(path, 'utf8')
    } catch {
      return undefined
    }
  },
  list(path) {
    try {
      return readdirSync(path)
    } catch {
      return undefined
    }
  },
  readMemory(pid, address, length) {
    let fd: number | undefined
    try {
      fd = openSync(`/proc/${pid}/mem`, 'r')
      const buffer = Buffer.alloc(length)
      const n = readSync(fd, buffer, 0, length, address)
      return n === length ? new Uint8Array(buffer.buffer, buffer.byteOffset, n) : undefined
    } catch {
      return undefined
    } finally {
      if (fd !== undefined) closeSync(fd)
    }
  },
  statFd(pid, fd): FdIdentity | undefined {
    try {
      const s = statSync(`/proc/${pid}/fd/${fd}`, { bigint: true })
      return { rdev: Number(s.rdev), ino: s.ino }
    } catch {
      return undefined
    }
  },
}
