import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { nodeProcFs } from '../src/proc/node-proc-fs'
import { parseStat } from '../src/proc/parse-stat'

const dir = mkdtempSync(join(tmpdir(), 'dsh-procfs-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('nodeProcFs.read', () => {
  it('reads a /proc file whole', () => {
    expect(parseStat(nodeProcFs.read(`/proc/${process.pid}/stat`)!)?.pid).toBe(process.pid)
    expect(nodeProcFs.read(`/proc/${process.pid}/cmdline`)!.split('\0')[0]).toBe(process.argv0)
  })

  it('reads a file larger than its buffer completely, and twice the same', () => {
    const text = Array.from({ length: 30_000 }, (_, i) => `line ${i}`).join('\n')
    const file = join(dir, 'big.txt')
    writeFileSync(file, text)
    expect(text.length).toBeGreaterThan(128 * 1024)
    expect(nodeProcFs.read(file)).toBe(text)
    expect(nodeProcFs.read(file)).toBe(text)
  })

  it('is undefined for a missing file', () => {
    expect(nodeProcFs.read(join(dir, 'missing'))).toBeUndefined()
  })
})
