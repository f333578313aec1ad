import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { type CommandRunner, PsInspector } from '../src/inspect/darwin'
import { PS_ARGS, parsePsLine, parsePsOutput } from '../src/inspect/parse-ps'
import { fixture } from './helpers'

// Recorded on this machine (procps ps accepts the same -o columns as BSD ps): an
// interactive bash (29257) with `sleep 300 &` and `cat` in the foreground, then after Ctrl-Z.
const RUNNING = readFileSync(fixture('ps-bash-cat.txt'), 'utf8')
const STOPPED = readFileSync(fixture('ps-bash-stopped.txt'), 'utf8')
// macOS-style lines (BSD ps: "I" idle state, a launcher that forks, padded day in lstart).
const DARWIN = [
  '  501   1   501   777 Ss   Tue Mar  5 09:01:02 2024 /usr/bin/sandbox-wrap --fork -- /bin/bash -i',
  '  502 501   502   777 I    Tue Mar  5 09:01:02 2024 /bin/bash -i',
  '  777 502   777   777 S+   Tue Mar  5 09:01:09 2024 python3 -q',
  '  778 777   777   777 Z+   Tue Mar  5 09:01:10 2024 (python3)',
].join('\n')

/** The pid the fake runner reports as reaped. */
const GONE_PID = 4242

const top = { pid: 29257, start: 'Mon Nov 30 13:11:28 2026', argv: ['/bin/bash', '--noprofile', '--norc', '-i'] }

function runner(outputs: Record<string, string>): CommandRunner & { calls: string[][] } {
  const calls: string[][] = []
  const answer = (file: string, args: readonly string[]) => {
    calls.push([file, ...args])
    const pidList = args.includes('-p') ? args[args.indexOf('-p') + 1]! : 'all'
    return outputs[pidList] ?? outputs.all ?? ''
  }
  return { calls, run: async (f, a) => answer(f, a), runSync: answer, exists: (pid) => pid !== GONE_PID }
}

describe('parsePsLine', () => {
  it('reads identity columns, the five-word lstart and the command line', () => {
    expect(parsePsLine('29264 29257 29264 29264 S+   Mon Nov 30 13:11:29 2026 cat')).toEqual({
      pid: 29264, ppid: 29257, pgid: 29264, tpgid: 29264, sid: -1, tty: -1, state: 'S', start: 'Mon Nov 30 13:11:29 2026', args: 'cat',
    })
    expect(parsePsLine('  502 501   502   777 I    Tue Mar  5 09:01:02 2024 /bin/bash -i')).toMatchObject({ state: 'S', start: 'Tue Mar 5 09:01:02 2024', args: '/bin/bash -i' })
    expect(parsePsLine('    1     0     0    -1 S<Ll Mon Nov 30 12:53:39 2026 /sbin/init')).toMatchObject({ tpgid: -1, state: 'S' })
  })

  it('skips headers and blank lines', () => {
    expect(parsePsOutput('  PID  PPID  PGID TPGID STAT STARTED COMMAND\n\n')).toEqual([])
    expect(parsePsOutput(RUNNING)).toHaveLength(3)
  })
})

describe('PsInspector', () => {
  it('finds the foreground job from tpgid and never claims a stdin wait', async () => {
    const inspector = new PsInspector(runner({ all: RUNNING }))
    const inspection = await inspector.inspect(top)
    expect(inspection).toMatchObject({ pgid: 29264, isShell: false, shellPgid: 29257, members: [29264], stdin: 'unknown' })
    expect(inspection.evidence).toEqual([expect.objectContaining({ pid: 29264, waitsOnStdin: false, verdict: 'unknown' })])
    expect(inspection.counters).toBeUndefined()
  })

  it('after Ctrl-Z the shell owns the terminal again', async () => {
    const inspection = await new PsInspector(runner({ all: STOPPED })).inspect(top)
    expect(inspection).toMatchObject({ pgid: 29257, isShell: true, stdin: 'unknown' })
  })

  it('recognises the shell below a forking launcher by its argv suffix; zombies are not members', async () => {
    const ref = { pid: 501, start: 'Tue Mar 5 09:01:02 2024', argv: ['/usr/bin/sandbox-wrap', '--fork', '--', '/bin/bash', '-i'] }
    const inspector = new PsInspector(runner({ all: DARWIN }))
    expect(await inspector.foreground(ref)).toEqual({ pgid: 777, isShell: false, shellPgid: 502 })
    expect((await inspector.inspect(ref)).members).toEqual([777])
  })

  it('rejects FOREGROUND_UNKNOWN when the top pid has a different start time (reused)', async () => {
    const inspector = new PsInspector(runner({ all: RUNNING }))
    await expect(inspector.foreground({ ...top, start: 'Sun Nov 29 10:00:00 2026' })).rejects.toMatchObject({ code: 'FOREGROUND_UNKNOWN' })
  })

  it('runs ps with the documented arguments; lookup asks only for the given pids', async () => {
    const run = runner({ all: RUNNING, '29263,4': '29263 29257 29263 29264 S    Mon Nov 30 13:11:29 2026 sleep 300\n' })
    const inspector = new PsInspector(run)
    await inspector.scan()
    const rows = await inspector.lookup([29263, 4])
    expect(run.calls[0]).toEqual(['ps', ...PS_ARGS])
    expect(run.calls[1]).toContain('29263,4')
    expect([...rows.keys()]).toEqual([29263])
    expect(inspector.scanSync()).toHaveLength(3)
  })
})

describe('PsInspector.hasExited', () => {
  it('asks the runner whether the pid exists and never runs ps (its exit would raise another SIGCHLD)', async () => {
    const run = runner({ all: RUNNING })
    const inspector = new PsInspector(run)
    expect(await inspector.hasExited({ pid: 29257 })).toBe(false)
    expect(await inspector.hasExited({ pid: GONE_PID })).toBe(true)
    expect(run.calls).toEqual([])
  })
})
