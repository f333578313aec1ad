import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { BASH, BASH_ENV, type Terminal, fixture, inspectUntil, isRunning, openTerminal, requireTool } from './helpers'

const PYTHON = requireTool('/usr/bin/python3', 'apt-get install python3')
/** A short grace keeps the SIGKILL path quick in tests; production uses seconds. */
const GRACE_MS = 300

/** Open-and-close rounds of an idle bash (each about 15 ms when nothing waits for the grace). */
const CLOSE_LOOPS = 50

/** Every process of the terminal's session (sid = the top-level pid), by a full /proc scan. */
function sessionMembers(sid: number): number[] {
  const found: number[] = []
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      if (Number(f[3]) === sid && f[0] !== 'Z' && f[0] !== 'X') found.push(Number(name))
    } catch {
      // exited while scanning
    }
  }
  return found
}

async function shell(graceMs = GRACE_MS): Promise<Terminal> {
  const t = await openTerminal({ argv: BASH, env: BASH_ENV, graceMs })
  await t.waitFor(/PROMPT> /)
  return t
}

async function run(t: Terminal, command: string, ready: RegExp) {
  const from = t.text().length
  await t.handle.write(`${command}\r`)
  return t.waitFor(ready, from)
}

describe('terminate() leaves nothing behind', () => {
  it('an idle interactive bash: hung up, exit reported separately from the cleanup', async () => {
    const t = await shell(3000)
    await inspectUntil(t.handle, 'bash waiting', (x) => x.stdin === 'waiting')
    const result = await t.handle.terminate()
    expect(result).toEqual({ exit: { exitCode: null, signal: 'SIGHUP' }, signalled: [], killed: [] })
    expect(t.handle.exit).toEqual(result.exit)
    expect(isRunning(t.handle.pid)).toBe(false)
    expect(await t.handle.terminate()).toBe(result)
  })

  it('an idle bash closed right after its first prompt, many times: every close ends on the hang-up, nothing left', async () => {
    // bash can sleep through a SIGHUP that lands before readline blocks; it ignores SIGTERM,
    // so without the repeated hang-up such a close waits the whole grace and needs SIGKILL.
    for (let i = 0; i < CLOSE_LOOPS; i++) {
      const t = await openTerminal({ argv: BASH, env: BASH_ENV, graceMs: 3000 })
      await t.waitFor(/PROMPT> /)
      const result = await t.handle.terminate()
      expect(result, `close ${i}`).toEqual({ exit: { exitCode: null, signal: 'SIGHUP' }, signalled: [], killed: [] })
      expect(isRunning(t.handle.pid)).toBe(false)
      expect(sessionMembers(t.handle.pid)).toEqual([])
    }
  })

  it('a foreground descendant that ignores SIGTERM and SIGHUP is SIGKILLed after the grace', async () => {
    const t = await shell()
    await run(t, `${PYTHON} ${fixture('ignore-term.py')}`, /STUBBORN-READY/)
    const { pgid } = await inspectUntil(t.handle, 'python in the foreground', (x) => !x.isShell)
    const result = await t.handle.terminate()
    expect(result.killed).toContain(pgid)
    expect(isRunning(pgid)).toBe(false)
    expect(sessionMembers(t.handle.pid)).toEqual([])
  })

  it('a child forked while teardown runs is found by the rescan and killed', async () => {
    const t = await shell()
    const forker = Number((await run(t, `${PYTHON} ${fixture('fork-on-term.py')}`, /FORKER-READY (\d+)/))[1])
    const result = await t.handle.terminate()
    expect(result.killed).toContain(forker)
    expect(result.killed?.length).toBeGreaterThan(1)
    expect(sessionMembers(t.handle.pid)).toEqual([])
  })

  it('a `set -m` background job in its own process group', async () => {
    const script = `set -m; ${PYTHON} ${fixture('ignore-term.py')} & echo "BG-PID $!"; wait`
    const t = await openTerminal({ argv: ['/bin/bash', '-c', script], graceMs: GRACE_MS })
    const bg = Number((await t.waitFor(/BG-PID (\d+)/))[1])
    await t.waitFor(/STUBBORN-READY/)
    const stat = readFileSync(`/proc/${bg}/stat`, 'utf8')
    expect(Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2])).toBe(bg) // its own group
    const result = await t.handle.terminate()
    expect(result.killed).toContain(bg)
    expect(sessionMembers(t.handle.pid)).toEqual([])
  })

  it('a stopped job and a running background job of an interactive shell', async () => {
    const t = await shell()
    await t.handle.write('sleep 300 &\r')
    await t.handle.write('cat\r')
    const { pgid: cat } = await inspectUntil(t.handle, 'cat in the foreground', (x) => !x.isShell && x.stdin === 'waiting')
    await t.handle.signalForeground('SIGTSTP')
    await inspectUntil(t.handle, 'bash back', (x) => x.isShell)
    await t.handle.terminate()
    expect(isRunning(cat)).toBe(false)
    expect(sessionMembers(t.handle.pid)).toEqual([])
  })

  it('a zombie in the tree counts as gone', async () => {
    const t = await shell()
    await run(t, `${PYTHON} ${fixture('zombie.py')}`, /ZOMBIE-READY \d+/)
    await t.handle.terminate()
    expect(sessionMembers(t.handle.pid)).toEqual([])
  })
})

describe('a handle after exit', () => {
  it('terminate() after the shell exited by itself kills what it left in its session', async () => {
    const t = await openTerminal({ argv: ['/bin/bash', '-c', 'trap "" HUP; sleep 300 & echo "LEFT $!"'] })
    const left = Number((await t.waitFor(/LEFT (\d+)/))[1])
    await t.handle.exited
    expect(isRunning(left)).toBe(true)
    const result = await t.handle.terminate()
    expect(result.signalled).toContain(left)
    expect(isRunning(left)).toBe(false)
  })

  it('reports the exit code; write and inspection reject HANDLE_EXITED; resize is a no-op', async () => {
    const t = await openTerminal({ argv: ['/bin/bash', '-c', 'echo BYE-$((40+2)); exit 3'] })
    await t.waitFor(/BYE-42/)
    expect(await t.handle.exited).toEqual({ exitCode: 3, signal: null })
    await expect(t.handle.write('x')).rejects.toMatchObject({ code: 'HANDLE_EXITED' })
    await expect(t.handle.inspectForeground()).rejects.toMatchObject({ code: 'HANDLE_EXITED' })
    await expect(t.handle.signalForeground('SIGINT')).rejects.toMatchObject({ code: 'HANDLE_EXITED' })
    expect(() => t.handle.resize(10, 10)).not.toThrow()
    expect(await t.handle.terminate()).toEqual({ exit: { exitCode: 3, signal: null }, signalled: [], killed: [] })
  })
})
