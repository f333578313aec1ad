import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { BASH, BASH_ENV, inspectUntil, openTerminal, requireTool } from './helpers'

const BWRAP = requireTool('/usr/bin/bwrap', 'apt-get install bubblewrap')
const SANDBOXED = [BWRAP, '--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--unshare-pid', '--die-with-parent', ...BASH]

function sessionMembers(sid: number): number[] {
  return readdirSync('/proc').filter((n) => /^\d+$/.test(n)).flatMap((name) => {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      return Number(f[3]) === sid && f[0] !== 'Z' ? [Number(name)] : []
    } catch {
      return []
    }
  })
}

describe('a shell under bubblewrap (the top-level process is the launcher)', () => {
  it('recognises the shell below bwrap: its prompt is the shell group, SIGKILL is refused, jobs are not', async () => {
    const t = await openTerminal({ argv: SANDBOXED, env: BASH_ENV, graceMs: 300 })
    await t.waitFor(/PROMPT> /)
    const idle = await inspectUntil(t.handle, 'bash waiting under bwrap', (x) => x.isShell && x.stdin === 'waiting')
    expect(idle.pgid).not.toBe(t.handle.pid) // bash leads its own group below the launcher
    await expect(t.handle.signalForeground('SIGKILL')).rejects.toMatchObject({ code: 'SHELL_SIGKILL' })
    expect(await t.handle.flushOutput()).toBe(true) // the launcher's pty slave is the barrier's too

    await t.handle.write('cat\r')
    const job = await inspectUntil(t.handle, 'cat waiting under bwrap', (x) => !x.isShell && x.stdin === 'waiting')
    expect(job.shellPgid).toBe(idle.pgid)
    expect(await t.handle.signalForeground('SIGINT')).toEqual({ delivered: true, targetPgid: job.pgid })
    await inspectUntil(t.handle, 'bash back under bwrap', (x) => x.isShell)

    await t.handle.write('sleep 300 &\r')
    await t.handle.write('sleep 301\r')
    await inspectUntil(t.handle, 'sleep in the foreground', (x) => !x.isShell && x.stdin === 'not-waiting')
    const result = await t.handle.terminate()
    expect(result.exit).toBeDefined()
    expect(sessionMembers(t.handle.pid)).toEqual([])
  })
})
