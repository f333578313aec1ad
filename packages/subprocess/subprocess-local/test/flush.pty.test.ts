import { closeSync, constants, openSync, readlinkSync, writeSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { FLUSH_TIMEOUT_MS } from '../src/spawn/output-barrier'
import { BASH, BASH_ENV, fixture, inspectUntil, openTerminal, requireTool } from './helpers'

const PYTHON = requireTool('/usr/bin/python3', 'apt-get install python3')
const BURST = 256 * 1024
const ROUNDS = 8

const countX = (text: string) => text.split('').filter((c) => c === 'x').length

describe('flushOutput(): an exact output barrier', () => {
  it('once it resolves true, every byte a program wrote before blocking on stdin was delivered', async () => {
    const t = await openTerminal({ argv: [PYTHON, fixture('burst-read.py')] })
    await t.waitFor(/BURST-READY/)
    for (let round = 0; round < ROUNDS; round++) {
      const before = await inspectUntil(t.handle, 'python blocked on stdin', (x) => x.stdin === 'waiting')
      await t.handle.write('go\r')
      // Proof that the program consumed the line, wrote its whole burst and blocks again.
      await inspectUntil(t.handle, `round ${round} consumed`, (x) => x.stdin === 'waiting' && x.counters!.syscr > before.counters!.syscr)
      expect(await t.handle.flushOutput()).toBe(true)
      const text = t.text()
      expect(text).toContain(`<BURST-END-${round}-42>`)
      expect(countX(text)).toBe((round + 1) * BURST)
    }
    expect(t.text()).not.toContain('6973')
    expect(t.text()).not.toContain('\x1b]')
  })

  it('covers output still queued in the kernel: bytes written to the slave just before the call', async () => {
    const t = await openTerminal({ argv: BASH, env: BASH_ENV })
    await t.waitFor(/PROMPT> /)
    const slave = openSync(readlinkSync(`/proc/${t.handle.pid}/fd/0`), constants.O_WRONLY | constants.O_NOCTTY | constants.O_NONBLOCK)
    try {
      for (let round = 0; round < ROUNDS; round++) {
        // Written synchronously: no event-loop turn has read any of it when flushOutput starts.
        let written = 0
        const chunk = Buffer.alloc(4096, 'y')
        try {
          while (written < 40 * 1024) written += writeSync(slave, chunk)
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error
        }
        expect(written).toBeGreaterThan(0)
        const before = t.text().length
        const pending = t.handle.flushOutput()
        expect(t.text().length).toBe(before)
        expect(await pending).toBe(true)
        expect(t.text().slice(before)).toBe('y'.repeat(written))
      }
    } finally {
      closeSync(slave)
    }
    expect(t.text()).not.toContain('DSH-FLUSH')
  })

  it('concurrent calls all resolve true and leave nothing in the output', async () => {
    const t = await openTerminal({ argv: BASH, env: BASH_ENV })
    await t.waitFor(/PROMPT> /)
    await t.handle.write('echo "OUT-$((6*7))"\r')
    await t.waitFor(/OUT-42/)
    const results = await Promise.all(Array.from({ length: 20 }, () => t.handle.flushOutput()))
    expect(results).toEqual(Array(20).fill(true))
    const from = t.text().length
    await t.handle.write('echo "AFTER-$((6*7))"\r')
    await t.waitFor(/AFTER-42/, from)
    expect(await t.handle.flushOutput()).toBe(true)
    expect(t.text()).not.toContain('DSH-FLUSH')
    expect(t.text()).not.toContain('\x1b]')
  })

  it('an event loop stalled past the timeout still gets its proof: readable output is read before giving up', async () => {
    const t = await openTerminal({ argv: BASH, env: BASH_ENV })
    await t.waitFor(/PROMPT> /)
    const pending = t.handle.flushOutput()
    // The condition under test: this process does not turn its event loop for longer than the bound.
    const until = performance.now() + FLUSH_TIMEOUT_MS + 50
    while (performance.now() < until) { /* stall */ }
    expect(await pending).toBe(true)
  })

  it('resolves false while output is stopped (tcflow TCOOFF, as ^S), true again once restarted', async () => {
    const t = await openTerminal({ argv: [PYTHON, fixture('flow-off.py')] })
    await t.waitFor(/OFF-READY/)
    await inspectUntil(t.handle, 'python blocked on stdin with output stopped', (x) => x.stdin === 'waiting')
    expect(await t.handle.flushOutput()).toBe(false)
    await t.handle.write('go\r')
    await t.waitFor(/ON-42/)
    expect(await t.handle.flushOutput()).toBe(true)
    expect(t.text()).not.toContain('DSH-FLUSH')
  })

  it('resolves false, without hanging, once the process has exited', async () => {
    const t = await openTerminal({ argv: ['/bin/bash', '-c', 'echo "DONE-$((6*7))"'] })
    await t.handle.exited
    expect(t.text()).toContain('DONE-42')
    expect(await t.handle.flushOutput()).toBe(false)
    expect(await Promise.all([t.handle.flushOutput(), t.handle.flushOutput()])).toEqual([false, false])
  })
})
