import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { Context } from '@deepseek-ai/cordis'
import type { ForegroundInspection, SubprocessTerminalHandle } from 'dsh-subprocess'
import SubprocessLocalService, { Config as SubprocessConfig } from 'dsh-subprocess-local'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ON_LINUX, REAL_WAIT_MS, bootSandbox, requireBwrap, tempDirOutsideTmp } from './helpers'

/** Re-check period while waiting for a real process to reach a state. */
const POLL_MS = 10

const comm = (pid: number) => readFileSync(`/proc/${pid}/comm`, 'utf8').trim()
/** The pid as seen from each pid namespace, outermost first (/proc/<pid>/status NSpid). */
const nspids = (pid: number) => /^NSpid:\s+(.*)$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]!.split(/\s+/).map(Number)
const alive = (pid: number) => existsSync(`/proc/${pid}`) && !/^State:\s+[ZX]/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'))

async function until(what: string, handle: SubprocessTerminalHandle, ok: (i: ForegroundInspection) => boolean): Promise<ForegroundInspection> {
  const deadline = Date.now() + REAL_WAIT_MS
  let last: ForegroundInspection | undefined
  while (Date.now() < deadline) {
    last = await handle.inspectForeground()
    if (ok(last)) return last
    await new Promise((r) => setTimeout(r, POLL_MS))
  }
  throw new Error(`${what} not reached within ${REAL_WAIT_MS} ms; last inspection: ${JSON.stringify(last)}`)
}

describe.runIf(ON_LINUX)('a bubblewrap-confined PTY under dsh-subprocess-local (Linux only: /proc pid namespaces)', () => {
  let base: string
  let workspace: string
  let root: Context

  beforeAll(async () => {
    requireBwrap()
    base = tempDirOutsideTmp('dsh-sbx-pty-')
    workspace = join(base, 'ws')
    mkdirSync(workspace)
    root = await bootSandbox()
    await root.plugin(SubprocessLocalService, SubprocessConfig.parse({}))
  })

  afterAll(async () => {
    await root?.fiber.dispose()
    if (base !== undefined) rmSync(base, { recursive: true, force: true })
  })

  it('a confined interactive shell keeps job control, and host-side inspection and teardown see real pids', async () => {
    const { argv } = await root.sandbox.confine(['bash', '--norc', '--noprofile', '-i'], { mode: 'workspace-write', workspaceRoot: workspace }, { cwd: workspace })
    const handle = await root.subprocess.spawnTerminal({ argv, cwd: workspace, env: { PS1: 'SBX$((40+2))> ' } })
    let output = ''
    const waiters = new Set<() => void>()
    handle.onData((chunk) => { output += chunk; for (const w of waiters) w() })
    const waitFor = (pattern: RegExp, from: number) => new Promise<void>((resolve, reject) => {
      const check = () => { if (pattern.test(output.slice(from))) { waiters.delete(check); clearTimeout(timer); resolve() } }
      const timer = setTimeout(() => { waiters.delete(check); reject(new Error(`no ${pattern}; output: ${JSON.stringify(output.slice(-1000))}`)) }, REAL_WAIT_MS)
      waiters.add(check)
      check()
    })
    try {
      await waitFor(/SBX42> /, 0)
      // the top-level process is bwrap; the shell runs below it in a new pid namespace
      expect(comm(handle.pid)).toBe('bwrap')
      const atPrompt = await until('the shell waiting at its prompt', handle, (i) => i.isShell && i.stdin === 'waiting')
      const shellPid = atPrompt.members[0]!
      expect(comm(shellPid)).toBe('bash')
      expect(nspids(shellPid)).toEqual([shellPid, 2])
      expect(atPrompt.pgid).not.toBe(handle.pid)

      // a foreground job gets its own group, visible from the host with host pids
      let mark = output.length
      await handle.write('sleep 1000\n')
      const busy = await until('sleep in the foreground', handle, (i) => !i.isShell && i.members.some((pid) => comm(pid) === 'sleep'))
      const sleepPid = busy.members.find((pid) => comm(pid) === 'sleep')!
      expect(busy.pgid).toBe(sleepPid)
      expect(nspids(sleepPid)).toHaveLength(2)
      expect(busy.shellPgid).toBe(atPrompt.pgid)

      // Ctrl-C semantics through the host: the job dies, the shell prompts again
      expect(await handle.signalForeground('SIGINT')).toEqual({ delivered: true, targetPgid: sleepPid })
      await waitFor(/SBX42> /, mark)
      await until('the shell back in the foreground', handle, (i) => i.isShell)

      // the shell is inside the sandbox: the workspace is its cwd and /tmp is private
      mark = output.length
      await handle.write('echo "cwd=$PWD tmp=$(ls -A /tmp | wc -l)"\n')
      await waitFor(new RegExp(`cwd=${workspace} tmp=0`), mark)

      // teardown from the host leaves nothing of the tree behind
      // (a background job too: the leak check fails this file if anything survives)
      mark = output.length
      await handle.write('sleep 2000 & echo "bg=$((1+1))"\n')
      await waitFor(/bg=2/, mark)
      const tree = [handle.pid, shellPid]
      await handle.terminate()
      for (const pid of tree) expect(alive(pid)).toBe(false)
    } finally {
      if (handle.exit === undefined) await handle.terminate()
    }
  })
})
