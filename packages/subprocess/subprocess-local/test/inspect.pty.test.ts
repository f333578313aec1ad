import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { BASH, BASH_ENV, type Terminal, fixture, inspectUntil, openTerminal, requireTool } from './helpers'

const PYTHON = requireTool('/usr/bin/python3', 'apt-get install python3')

async function shell(): Promise<Terminal> {
  const t = await openTerminal({ argv: BASH, env: BASH_ENV })
  await t.waitFor(/PROMPT> /)
  return t
}

/** Type a command at the shell prompt and wait until its job owns the terminal. */
async function run(t: Terminal, command: string) {
  const from = t.text().length
  await t.handle.write(`${command}\r`)
  return { from, job: await inspectUntil(t.handle, `"${command}" in the foreground`, (i) => !i.isShell) }
}

const commOf = (pid: number) => readFileSync(`/proc/${pid}/comm`, 'utf8').trim()

const stateOf = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0]
}

describe('inspectForeground on real programs at their prompts: waiting', () => {
  it('bash at its prompt: pselect6 on fd 0, the shell group', async () => {
    const t = await shell()
    const i = await inspectUntil(t.handle, 'bash waiting', (x) => x.stdin === 'waiting')
    expect(i).toMatchObject({ isShell: true, pgid: t.handle.pid, members: [t.handle.pid] })
    expect(i.evidence[0]).toMatchObject({ pid: t.handle.pid, syscall: 'pselect6', waitsOnStdin: true, fd: 0 })
  })

  it('python3 REPL, and its input counters advance when it consumes input', async () => {
    const t = await shell()
    const { from } = await run(t, `${PYTHON} -q`)
    await t.waitFor(/>>> /, from)
    const before = await inspectUntil(t.handle, 'python waiting', (x) => !x.isShell && x.stdin === 'waiting')
    expect(before.counters).toBeDefined()
    const mark = t.text().length
    await t.handle.write('6*7\r')
    await t.waitFor(/42/, mark)
    const after = await inspectUntil(t.handle, 'python waiting again', (x) => !x.isShell && x.stdin === 'waiting')
    expect(after.pgid).toBe(before.pgid)
    expect(after.counters!.rchar).toBeGreaterThan(before.counters!.rchar)
    expect(after.counters!.syscr).toBeGreaterThan(before.counters!.syscr)
  })

  it("the shell's counters ignore what a reaped child read", async () => {
    const t = await shell()
    const before = await inspectUntil(t.handle, 'bash waiting', (x) => x.isShell && x.stdin === 'waiting')
    const mark = t.text().length
    // the child reads 1 MiB; bash's own reads are the 40-odd bytes of the typed line
    const line = 'head -c 1048576 /dev/zero | wc -c\r'
    await t.handle.write(line)
    await t.waitFor(/1048576/, mark)
    await t.waitFor(/PROMPT> /, t.text().indexOf('1048576', mark))
    const after = await inspectUntil(t.handle, 'bash waiting again', (x) => x.isShell && x.stdin === 'waiting')
    expect(after.counters!.rchar - before.counters!.rchar).toBeLessThan(64 * 1024)
    expect(after.counters!.rchar - before.counters!.rchar).toBeGreaterThanOrEqual(line.length)
  })

  it('cat: read(0)', async () => {
    const t = await shell()
    await run(t, 'cat')
    const i = await inspectUntil(t.handle, 'cat waiting', (x) => !x.isShell && x.stdin === 'waiting')
    expect(i.evidence.find((e) => e.waitsOnStdin)).toMatchObject({ syscall: 'read', fd: 0 })
  })

  it('ed: read(0)', async () => {
    requireTool('/usr/bin/ed', 'apt-get install ed')
    const t = await shell()
    await run(t, 'ed -p "ED* "')
    await t.waitFor(/ED\* /)
    await inspectUntil(t.handle, 'ed waiting', (x) => !x.isShell && x.stdin === 'waiting')
  })

  it('gdb -q -nx: poll with fd 0 among its pollfds, beside futex-waiting worker threads', async () => {
    requireTool('/usr/bin/gdb', 'apt-get install gdb')
    const t = await shell()
    const { from } = await run(t, 'gdb -q -nx')
    await t.waitFor(/\(gdb\) /, from)
    const i = await inspectUntil(t.handle, 'gdb waiting', (x) => !x.isShell && x.stdin === 'waiting')
    expect(i.evidence.find((e) => e.waitsOnStdin)).toMatchObject({ syscall: 'poll' })
  })

  it('node REPL: epoll_pwait with the terminal in its interest list', async () => {
    const node = requireTool(process.execPath, 'install Node 20')
    const t = await shell()
    const { from } = await run(t, node)
    await t.waitFor(/> /, from)
    const i = await inspectUntil(t.handle, 'node waiting', (x) => !x.isShell && x.stdin === 'waiting')
    expect(i.evidence.find((e) => e.waitsOnStdin)?.syscall).toMatch(/^epoll_/)
    const mark = t.text().length
    await t.handle.write('6*7\r')
    await t.waitFor(/42/, mark)
  })

  it('a non-leader member of the foreground group reading the terminal', async () => {
    const t = await shell()
    const { from } = await run(t, `${PYTHON} ${fixture('nonleader-stdin.py')}`)
    const child = Number((await t.waitFor(/LEADER-READY (\d+)/, from))[1])
    const i = await inspectUntil(t.handle, 'the child waiting', (x) => !x.isShell && x.stdin === 'waiting')
    expect(i.members).toContain(child)
    expect(i.members).toContain(i.pgid)
    expect(i.evidence.find((e) => e.waitsOnStdin)?.pid).toBe(child)
    await t.handle.write('abc\r')
    await t.waitFor(/child read 3 chars/, from)
  })

  it('a non-main thread reading the terminal', async () => {
    const t = await shell()
    const { from } = await run(t, `${PYTHON} ${fixture('thread-stdin.py')}`)
    await t.waitFor(/THREAD-READY/, from)
    const i = await inspectUntil(t.handle, 'the worker thread waiting', (x) => !x.isShell && x.stdin === 'waiting')
    const waiting = i.evidence.find((e) => e.waitsOnStdin)!
    expect(waiting.tid).not.toBe(waiting.pid)
    await t.handle.write('hello\r')
    await t.waitFor(/worker got 5 chars/, from)
  })
})

describe('inspectForeground: not waiting', () => {
  it('sleep', async () => {
    const t = await shell()
    await run(t, 'sleep 300')
    const i = await inspectUntil(t.handle, 'sleep not waiting', (x) => !x.isShell && x.stdin === 'not-waiting' && commOf(x.pgid) === 'sleep')
    expect(i.evidence.every((e) => !e.waitsOnStdin)).toBe(true)
  })

  it('a busy loop', async () => {
    const t = await shell()
    const { from } = await run(t, `${PYTHON} ${fixture('busy.py')}`)
    await t.waitFor(/BUSY-READY/, from)
    await inspectUntil(t.handle, 'busy loop not waiting', (x) => !x.isShell && x.stdin === 'not-waiting')
  })

  it('a foreground process with a zombie child: the zombie is no member, the sleeper is not waiting', async () => {
    const t = await shell()
    const { from } = await run(t, `${PYTHON} ${fixture('zombie.py')}`)
    const zombie = Number((await t.waitFor(/ZOMBIE-READY (\d+)/, from))[1])
    const i = await inspectUntil(t.handle, 'zombie parent sleeping', (x) => !x.isShell && x.stdin === 'not-waiting')
    expect(stateOf(zombie)).toBe('Z')
    expect(i.members).not.toContain(zombie)
  })

  it('a stopped foreground process (no shell to take the terminal back) is not waiting', async () => {
    const t = await openTerminal({ argv: [PYTHON, '-q'], env: { TERM: 'dumb' } })
    await t.waitFor(/>>> /)
    await inspectUntil(t.handle, 'python waiting', (x) => x.stdin === 'waiting')
    process.kill(t.handle.pid, 'SIGSTOP')
    // On its way to the stop the thread briefly leaves its syscall; wait for the stop itself.
    const i = await inspectUntil(t.handle, 'python stopped', (x) => x.evidence[0]?.syscall === 'stopped')
    expect(i.stdin).toBe('not-waiting')
    expect(i.evidence[0]).toMatchObject({ waitsOnStdin: false, verdict: 'not-waiting' })
  })
})

describe('signalForeground', () => {
  it('Ctrl-Z semantics: SIGTSTP stops the job and the shell takes the terminal back', async () => {
    const t = await shell()
    await run(t, 'cat')
    // Until cat has exec'd, the job is bash's fork, which still ignores SIGTSTP.
    const job = await inspectUntil(t.handle, 'cat waiting', (x) => !x.isShell && x.stdin === 'waiting')
    const delivery = await t.handle.signalForeground('SIGTSTP')
    expect(delivery).toEqual({ delivered: true, targetPgid: job.pgid })
    await inspectUntil(t.handle, 'bash back at its prompt', (x) => x.isShell && x.stdin === 'waiting')
    expect(stateOf(job.pgid)).toBe('T')
  })

  it('SIGINT ends a foreground sleep; the target is resolved at call time', async () => {
    const t = await shell()
    await run(t, 'sleep 300')
    // Until sleep has exec'd, the job is bash's fork, whose SIGINT handling is still bash's.
    const job = await inspectUntil(t.handle, 'sleep sleeping', (x) => !x.isShell && x.stdin === 'not-waiting' && commOf(x.pgid) === 'sleep')
    expect(await t.handle.signalForeground('SIGINT')).toEqual({ delivered: true, targetPgid: job.pgid })
    await inspectUntil(t.handle, 'bash back', (x) => x.isShell)
  })

  it('refuses SIGKILL to the shell itself, pointing to close; allows SIGINT there', async () => {
    const t = await shell()
    await inspectUntil(t.handle, 'bash waiting', (x) => x.isShell && x.stdin === 'waiting')
    await expect(t.handle.signalForeground('SIGKILL')).rejects.toMatchObject({ code: 'SHELL_SIGKILL', message: expect.stringMatching(/close/) })
    expect(await t.handle.signalForeground('SIGINT')).toEqual({ delivered: true, targetPgid: t.handle.pid })
    await expect(t.handle.signalForeground('SIGUSR1' as never)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' })
  })
})
