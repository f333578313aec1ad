import { closeSync, openSync, readdirSync, readSync, statSync } from 'node:fs'
import type { FdIdentity, ProcFs } from './proc-fs'

/**
 * One reusable read buffer (the reads are synchronous, so it is never shared). Every /proc
 * file a probe reads fits, and a /proc read that returns less than asked has reached the
 * end: a file costs open, read, close (readFileSync adds an fstat and a read that returns 0).
 */
const SCRATCH = Buffer.allocUnsafe(64 * 1024)

function readAll(fd: number): string {
  let n = readSync(fd, SCRATCH, 0, SCRATCH.length, null)
  if (n < SCRATCH.length) return SCRATCH.toString('utf8', 0, n)
  const parts: Buffer[] = []
  while (n > 0) {
    parts.push(Buffer.from(SCRATCH.subarray(0, n)))
    n = readSync(fd, SCRATCH, 0, SCRATCH.length, null)
  }
  return Buffer.concat(parts).toString('utf8')
}

/** ProcFs over the real /proc, synchronous: each call is one or two cheap syscalls. */
export const nodeProcFs: ProcFs = {
  read(path) {
    let fd: number | undefined
    try {
      fd = openSync(path, 'r')
      return readAll(fd)
    } catch {
      return undefined
    } finally {
      if (fd !== undefined) closeSync(fd)
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
