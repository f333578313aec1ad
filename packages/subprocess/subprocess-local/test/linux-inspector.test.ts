import { SubprocessError } from 'dsh-subprocess'
import { describe, expect, it } from 'vitest'
import { SCAN_SLICE } from '../src/inspect/linux-table'
import { LinuxInspector, MAX_THREADS_PER_PROCESS } from '../src/inspect/linux'
import { syscallTableFor } from '../src/inspect/syscall-table'
import type { TerminalRef } from '../src/inspect/types'
import { FakeProcFs, type FakeProcess, PTS, TTY_FD } from './fake-proc'

const X64 = syscallTableFor('x64')
const BASH_ARGV = ['/bin/bash', '--noprofile', '--norc', '-i']
const SELECT_FD0 = '270 0x1 0x7ffc00001000 0x0 0x0 0x0 0x0 0x7ffc0 0x7f00'
const fdSet = (...fds: number[]) => {
  const bytes = new Uint8Array(8)
  for (const fd of fds) bytes[fd >> 3]! |= 1 << (fd & 7)
  return bytes
}

/** bash (100) at the top of the pty, session leader; `fg` processes added per test. */
function bash(tpgid = 100, extra: Partial<FakeProcess> = {}): FakeProcess {
  return {
    pid: 100, ppid: 1, pgrp: 100, sid: 100, tty: PTS, tpgid, state: 'S', start: '5000',
    cmdline: BASH_ARGV, fds: { 0: TTY_FD }, threads: { 100: { syscall: tpgid === 100 ? SELECT_FD0 : '61 0xffffffff 0x0 0xa 0x0 0x0 0x0 0x0 0x0' } },
    mem: [{ address: 0x7ffc00001000n, bytes: fdSet(0) }], io: { syscr: 10, rchar: 100 }, ...extra,
  }
}

function job(pid: number, extra: Partial<FakeProcess>): FakeProcess {
  return { pid, ppid: 100, pgrp: pid, sid: 100, tty: PTS, tpgid: pid, state: 'S', start: `${pid}0`, fds: { 0: TTY_FD }, io: { syscr: 1, rchar: 1 }, ...extra }
}

const ref = (argv = BASH_ARGV, pid = 100, start = '5000'): TerminalRef => ({ pid, start, argv })

describe('LinuxInspector verdicts', () => {
  it('bash at its prompt: pselect6 whose read set holds the terminal fd 0 -> waiting, isShell', async () => {
    const inspection = await new LinuxInspector(new FakeProcFs([bash()]), X64).inspect(ref())
    expect(inspection).toMatchObject({ pgid: 100, isShell: true, shellPgid: 100, members: [100], stdin: 'waiting', counters: { syscr: 10, rchar: 100 } })
    // its wait watches the terminal alone
    expect(inspection.evidence[0]).toMatchObject({ pid: 100, tid: 100, syscall: 'pselect6', waitsOnStdin: true, fd: 0, watched: 1 })
  })

  it('a read on fd 0 that is a pipe is not a terminal wait', async () => {
    const fs = new FakeProcFs([bash(200), job(200, { fds: { 0: { rdev: 0, ino: 99n } }, threads: { 200: { syscall: '0 0x0 0x7f00 0x20000 0x0 0x0 0x0 0x0 0x0' } } })])
    expect((await new LinuxInspector(fs, X64).inspect(ref())).stdin).toBe('not-waiting')
  })

  it('cat reading the terminal -> waiting, not the shell', async () => {
    const fs = new FakeProcFs([bash(200), job(200, { threads: { 200: { syscall: '0 0x0 0x7f00 0x20000 0x0 0x0 0x0 0x0 0x0' } } })])
    expect(await new LinuxInspector(fs, X64).inspect(ref())).toMatchObject({ pgid: 200, isShell: false, stdin: 'waiting', members: [200] })
  })

  it('gdb: poll with a pollfd for fd 0 asking for input -> waiting', async () => {
    const records = new Uint8Array(16)
    const view = new DataView(records.buffer)
    view.setInt32(0, 5, true)
    view.setInt16(4, 1, true)
    view.setInt32(8, 0, true)
    view.setInt16(12, 1, true)
    const fs = new FakeProcFs([bash(200), job(200, {
      fds: { 0: TTY_FD, 5: { rdev: 0, ino: 1n } }, mem: [{ address: 0x5500n, bytes: records }],
      threads: { 200: { syscall: '7 0x5500 0x2 0xffffffff 0x0 0x0 0x0 0x0 0x0' }, 201: { syscall: '202 0x1 0x189 0x0 0x0 0x0 0x0 0x0 0x0' } },
    })])
    const inspection = await new LinuxInspector(fs, X64).inspect(ref())
    expect(inspection.stdin).toBe('waiting')
    // The probe stops at the first proof: the futex-waiting worker is not examined.
    expect(inspection.evidence.map((e) => [e.tid, e.syscall, e.verdict])).toEqual([[200, 'poll', 'waiting']])
  })

  it('a worker thread reading the terminal while the main thread joins it -> waiting; evidence lists the proof first', async () => {
    const fs = new FakeProcFs([bash(200), job(200, {
      threads: { 201: { syscall: '0 0x0 0x7f00 0x2000 0x0 0x0 0x0 0x0 0x0' }, 200: { syscall: '202 0x7f 0x189 0x0 0x0 0x0 0xffffffff 0x0 0x0' } },
    })])
    const inspection = await new LinuxInspector(fs, X64).inspect(ref())
    expect(inspection.stdin).toBe('waiting')
    expect(inspection.evidence.map((e) => [e.tid, e.syscall, e.verdict])).toEqual([[201, 'read', 'waiting'], [200, 'syscall-202', 'not-waiting']])
  })

  it('threads beyond the probe bound leave the verdict unknown, never waiting', async () => {
    const threads: Record<number, { syscall: string }> = {}
    for (let tid = 200; tid < 200 + MAX_THREADS_PER_PROCESS + 1; tid++) threads[tid] = { syscall: '202 0x7f 0x189 0x0 0x0 0x0 0x0 0x0 0x0' }
    const inspection = await new LinuxInspector(new FakeProcFs([bash(200), job(200, { threads })]), X64).inspect(ref())
    expect(inspection.stdin).toBe('unknown')
    expect(inspection.evidence.length).toBeLessThanOrEqual(64)
  })

  it('node: epoll_pwait whose interest list holds a reopened fd on the same terminal -> waiting', async () => {
    const fdinfo = 'pos:\t0\nflags:\t02000002\nmnt_id:\t17\nino:\t17\ntfd:       14 events:       19 data: e  pos:0 ino:4db6 sdev:f\ntfd:       20 events:       19 data: 14  pos:0 ino:6 sdev:1a\n'
    const fs = new FakeProcFs([bash(200), job(200, {
      fds: { 0: TTY_FD, 14: { rdev: 0, ino: 0x4db6n }, 20: TTY_FD }, fdinfo: { 13: fdinfo },
      threads: { 200: { syscall: '281 0xd 0x7ffd 0x400 0x1fa2 0x0 0x8 0x0 0x0' } },
    })])
    // an event loop: the terminal is one of the two input fds its wait watches
    expect((await new LinuxInspector(fs, X64).inspect(ref())).evidence[0]).toMatchObject({ syscall: 'epoll_pwait', waitsOnStdin: true, fd: 20, watched: 2 })
  })

  it('an epoll target whose fd number now names another file (inode differs) is not the terminal', async () => {
    const fdinfo = 'tfd:        0 events:       19 data: 0  pos:0 ino:77 sdev:1a\n'
    const fs = new FakeProcFs([bash(200), job(200, { fdinfo: { 3: fdinfo }, threads: { 200: { syscall: '232 0x3 0x7ffd 0x400 0xffffffff 0x0 0x0 0x0 0x0' } } })])
    expect((await new LinuxInspector(fs, X64).inspect(ref())).stdin).toBe('not-waiting')
  })

  it('sleep and a busy loop -> not-waiting', async () => {
    const sleeping = new FakeProcFs([bash(200), job(200, { threads: { 200: { syscall: '230 0x0 0x0 0x7ffd 0x0 0x0 0x0 0x0 0x0' } } })])
    const busy = new FakeProcFs([bash(200), job(200, { state: 'R', threads: { 200: { syscall: 'running', state: 'R' } } })])
    expect((await new LinuxInspector(sleeping, X64).inspect(ref())).stdin).toBe('not-waiting')
    expect((await new LinuxInspector(busy, X64).inspect(ref())).stdin).toBe('not-waiting')
  })

  it('a stopped process is never waiting, even though its syscall file still shows the old read', async () => {
    const fs = new FakeProcFs([bash(200), job(200, { state: 'T', threads: { 200: { syscall: '0 0x0 0x7f00 0x1 0x0 0x0 0x0 0x0 0x0', state: 'T' } } })])
    const inspection = await new LinuxInspector(fs, X64).inspect(ref())
    expect(inspection.stdin).toBe('not-waiting')
    expect(inspection.evidence[0]).toMatchObject({ syscall: 'stopped', waitsOnStdin: false })
  })

  it('a zombie member is not a live member; an all-zombie group is unknown', async () => {
    const fs = new FakeProcFs([bash(200), job(200, { state: 'Z' })])
    expect(await new LinuxInspector(fs, X64).inspect(ref())).toMatchObject({ members: [], stdin: 'unknown' })
  })

  it('a non-leader member waiting on stdin makes the group waiting', async () => {
    const fs = new FakeProcFs([
      bash(200),
      job(200, { threads: { 200: { syscall: '61 0xffffffff 0x0 0x0 0x0 0x0 0x0 0x0 0x0' } } }),
      job(201, { ppid: 200, pgrp: 200, threads: { 201: { syscall: '0 0x0 0x7f00 0x1000 0x0 0x0 0x0 0x0 0x0' } } }),
    ])
    expect(await new LinuxInspector(fs, X64).inspect(ref())).toMatchObject({ members: [200, 201], stdin: 'waiting' })
  })

  it('unreadable syscall files and unreadable memory are unknown, never waiting', async () => {
    const hidden = new FakeProcFs([bash(200), job(200, { threads: { 200: { syscall: null } } })])
    const noMemory = new FakeProcFs([bash(200), job(200, { threads: { 200: { syscall: SELECT_FD0 } } })])
    expect((await new LinuxInspector(hidden, X64).inspect(ref())).stdin).toBe('unknown')
    expect((await new LinuxInspector(noMemory, X64).inspect(ref())).evidence[0]).toMatchObject({ syscall: 'pselect6', verdict: 'unknown' })
  })

  it('counters come from the threads, so children the shell reaped do not count as consumed input', async () => {
    const shell = new FakeProcFs([bash(100, { io: { syscr: 5, rchar: 50 }, reapedIo: { syscr: 900, rchar: 7000 } })])
    expect((await new LinuxInspector(shell, X64).inspect(ref())).counters).toEqual({ syscr: 5, rchar: 50 })
  })

  it('an unreadable io file leaves the counters out; they sum over members otherwise', async () => {
    const two = new FakeProcFs([bash(200), job(200, { io: { syscr: 3, rchar: 30 } }), job(201, { ppid: 200, pgrp: 200, io: { syscr: 4, rchar: 40 } })])
    const hidden = new FakeProcFs([bash(200), job(200, { io: null })])
    expect((await new LinuxInspector(two, X64).inspect(ref())).counters).toEqual({ syscr: 7, rchar: 70 })
    expect((await new LinuxInspector(hidden, X64).inspect(ref())).counters).toBeUndefined()
  })

  it('an unsupported architecture skips the exact tier: unknown, with the reason', async () => {
    const inspection = await new LinuxInspector(new FakeProcFs([bash()]), syscallTableFor('riscv64')).inspect(ref())
    expect(inspection.stdin).toBe('unknown')
    expect(inspection.evidence[0]).toMatchObject({ syscall: 'unsupported-arch', waitsOnStdin: false })
  })

  it('finds a reparented foreground leader outside the tree', async () => {
    const fs = new FakeProcFs([bash(300), job(300, { ppid: 1, threads: { 300: { syscall: '0 0x0 0x7f00 0x1 0x0 0x0 0x0 0x0 0x0' } } })])
    expect(await new LinuxInspector(fs, X64).inspect(ref())).toMatchObject({ pgid: 300, members: [300], stdin: 'waiting' })
  })
})

describe('LinuxInspector identity and the shell', () => {
  it('rejects FOREGROUND_UNKNOWN when the top pid now belongs to another process (start time differs)', async () => {
    const inspector = new LinuxInspector(new FakeProcFs([bash()]), X64)
    const error = await inspector.foreground(ref(BASH_ARGV, 100, '4999')).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SubprocessError)
    expect((error as SubprocessError).code).toBe('FOREGROUND_UNKNOWN')
  })

  it('rejects FOREGROUND_UNKNOWN when the terminal has no foreground group', async () => {
    const inspector = new LinuxInspector(new FakeProcFs([bash(-1)]), X64)
    await expect(inspector.foreground(ref())).rejects.toMatchObject({ code: 'FOREGROUND_UNKNOWN' })
  })

  it('under a launcher, the shell is the process showing the shortest argv suffix', async () => {
    const argv = ['bwrap', '--ro-bind', '/', '/', '--unshare-pid', ...BASH_ARGV]
    const launcher = (pid: number, ppid: number): FakeProcess => ({ pid, ppid, pgrp: 10, sid: 10, tty: PTS, tpgid: 12, state: 'S', start: `${pid}`, cmdline: argv })
    const fs = new FakeProcFs([
      launcher(10, 1), launcher(11, 10),
      { ...bash(12), pid: 12, ppid: 11, pgrp: 12, sid: 10, start: '12', threads: { 12: { syscall: SELECT_FD0 } }, mem: [{ address: 0x7ffc00001000n, bytes: fdSet(0) }] },
    ])
    const terminal = ref(argv, 10, '10')
    expect(await new LinuxInspector(fs, X64).inspect(terminal)).toMatchObject({ pgid: 12, isShell: true, shellPgid: 12, stdin: 'waiting' })
    expect(terminal.shell).toEqual({ pid: 12, start: '12' })
    // A job of that shell is not the shell, even though its parent sits in a launcher group.
    fs.add(job(13, { ppid: 12, sid: 10, cmdline: ['cat'], threads: { 13: { syscall: '0 0x0 0x7f00 0x20000 0x0 0x0 0x0 0x0 0x0' } } }))
    for (const pid of [10, 11, 12]) fs.procs.get(pid)!.tpgid = 13
    expect(await new LinuxInspector(fs, X64).foreground(terminal)).toEqual({ pgid: 13, isShell: false, shellPgid: 12 })
  })

  it('a direct shell whose foreground job runs is not the shell group', async () => {
    const fs = new FakeProcFs([bash(200), job(200, { cmdline: ['/bin/bash', '--noprofile', '--norc', '-i'] })])
    expect(await new LinuxInspector(fs, X64).foreground(ref())).toEqual({ pgid: 200, isShell: false, shellPgid: 100 })
  })

  it('one probe reads only the terminal\'s own processes', async () => {
    const fs = new FakeProcFs([bash()])
    for (let pid = 1000; pid < 1500; pid++) fs.add({ pid, ppid: 1, pgrp: pid, sid: pid, tty: 0, tpgid: -1, state: 'S', start: '1' })
    await new LinuxInspector(fs, X64).inspect(ref())
    expect(fs.reads).toBeLessThan(20)
  })
})

describe('LinuxInspector probe cost', () => {
  const cmdlineReads = (fs: FakeProcFs) => fs.log.filter((p) => p.endsWith('/cmdline')).length

  it('a direct shell: repeated probes read its command line once and list no task directory', async () => {
    const fs = new FakeProcFs([bash()])
    const inspector = new LinuxInspector(fs, X64)
    const terminal = ref()
    for (let i = 0; i < 3; i++) expect(await inspector.inspect(terminal)).toMatchObject({ isShell: true, shellPgid: 100, stdin: 'waiting' })
    expect(cmdlineReads(fs)).toBe(1)
    expect(fs.log.filter((p) => p.endsWith('/task'))).toEqual([])
    expect(fs.log.filter((p) => p === '/proc/100/task/100/stat')).toEqual([]) // the leader's state comes from its stat
    // A job started later: only its command line is read, once.
    fs.add(job(200, { cmdline: ['cat'], threads: { 200: { syscall: '0 0x0 0x7f00 0x20000 0x0 0x0 0x0 0x0 0x0' } } }))
    fs.procs.get(100)!.tpgid = 200
    for (let i = 0; i < 3; i++) expect(await inspector.inspect(terminal)).toMatchObject({ pgid: 200, isShell: false, shellPgid: 100 })
    expect(cmdlineReads(fs)).toBe(2)
  })

  it('under a launcher whose shell has not exec\'d yet, the shell below is still found once it has', async () => {
    const argv = ['bwrap', '--unshare-pid', ...BASH_ARGV]
    const launcher: FakeProcess = { pid: 10, ppid: 1, pgrp: 10, sid: 10, tty: PTS, tpgid: 10, state: 'S', start: '10', comm: 'bwrap', cmdline: argv }
    // The launcher's fresh fork: its image and command line are still the launcher's.
    const forked: FakeProcess = { ...launcher, pid: 11, ppid: 10, start: '11', flags: 0x40 }
    const fs = new FakeProcFs([launcher, forked])
    const inspector = new LinuxInspector(fs, X64)
    const terminal = ref(argv, 10, '10')
    expect(await inspector.foreground(terminal)).toEqual({ pgid: 10, isShell: true, shellPgid: 10 })
    expect(terminal.shell).toBeUndefined()
    // The fork execs bash -i, which takes its own group and the terminal.
    fs.add({ ...bash(11), pid: 11, ppid: 10, sid: 10, pgrp: 11, start: '11', comm: 'bash', threads: { 11: { syscall: SELECT_FD0 } } })
    for (const pid of [10, 11]) fs.procs.get(pid)!.tpgid = 11
    expect(await inspector.inspect(terminal)).toMatchObject({ pgid: 11, isShell: true, shellPgid: 11 })
    expect(terminal.shell).toEqual({ pid: 11, start: '11' })
  })

  it('a process that execs again (a new command name) has its command line read again', async () => {
    const argv = ['/usr/bin/env', '--', ...BASH_ARGV]
    const top: FakeProcess = { pid: 10, ppid: 1, pgrp: 10, sid: 10, tty: PTS, tpgid: 10, state: 'S', start: '10', comm: 'env', cmdline: argv }
    const child: FakeProcess = { ...top, pid: 11, ppid: 10, start: '11', comm: 'sh', cmdline: ['sh', '-c', 'exec bash'] }
    const fs = new FakeProcFs([top, child])
    const inspector = new LinuxInspector(fs, X64)
    const terminal = ref(argv, 10, '10')
    expect((await inspector.foreground(terminal)).shellPgid).toBe(10)
    fs.add({ ...child, comm: 'bash', cmdline: BASH_ARGV, pgrp: 11 })
    expect(await inspector.foreground(terminal)).toEqual({ pgid: 10, isShell: true, shellPgid: 11 })
    expect(terminal.shell).toEqual({ pid: 11, start: '11' })
  })

  it('lists the task directory of a multi-threaded process, and of one whose leader thread has exited', async () => {
    const threaded = new FakeProcFs([bash(200), job(200, { threads: { 200: { syscall: '202 0x0 0x0 0x0 0x0 0x0 0x0 0x0 0x0' }, 201: { syscall: '0 0x0 0x7f00 0x1 0x0 0x0 0x0 0x0 0x0' } } })])
    expect((await new LinuxInspector(threaded, X64).inspect(ref())).evidence[0]).toMatchObject({ tid: 201, waitsOnStdin: true })
    expect(threaded.log).toContain('/proc/200/task')
    const leaderGone = new FakeProcFs([bash(200), job(200, { state: 'Z', threads: { 200: { syscall: null, state: 'Z' }, 201: { syscall: '0 0x0 0x7f00 0x1 0x0 0x0 0x0 0x0 0x0' } } })])
    const fakeStat = leaderGone.read.bind(leaderGone)
    // The kernel counts only the live thread: num_threads 1 although the leader is a zombie.
    leaderGone.read = (path) => (path === '/proc/200/stat' ? fakeStat(path)?.replace(/^((?:\S+ ){19})\S+/, '$11') : fakeStat(path))
    await new LinuxInspector(leaderGone, X64).inspect(ref())
    expect(leaderGone.log).toContain('/proc/200/task')
  })
})

describe('LinuxInspector read order', () => {
  it('never pairs a wait seen before the input was consumed with counters that show it consumed', async () => {
    const reading = '0 0x0 0x7f00 0x1 0x0 0x0 0x0 0x0 0x0'
    const fs = new FakeProcFs([bash(200), job(200, { io: { syscr: 5, rchar: 50 }, threads: { 200: { syscall: reading } } })])
    const read = fs.read.bind(fs)
    let consumed = false
    // The program consumes its input the instant after the probe's first look at it.
    fs.read = (path) => {
      const text = read(path)
      if (!consumed && (path === '/proc/200/task/200/io' || path === '/proc/200/task/200/syscall')) {
        consumed = true
        const p = fs.procs.get(200)!
        p.io = { syscr: 6, rchar: 53 }
        p.threads = { 200: { syscall: 'running', state: 'R' } }
      }
      return text
    }
    const inspection = await new LinuxInspector(fs, X64).inspect(ref())
    expect(consumed).toBe(true)
    expect(inspection).toMatchObject({ stdin: 'not-waiting', counters: { syscr: 5, rchar: 50 } })
  })
})

describe('whole-table scans (teardown without cgroups)', () => {
  const many = (n: number) => new FakeProcFs(Array.from({ length: n }, (_, i) => ({
    pid: 1000 + i, ppid: 1, pgrp: 1000 + i, sid: 1000 + i, tty: 0, tpgid: -1, state: 'S', start: String(i),
  })))

  it('scan and lookup read /proc a slice at a time, with an event-loop turn between slices', async () => {
    const fs = many(1000)
    const readsPerSlice: number[] = []
    let last = 0
    const turn = async () => {
      readsPerSlice.push(fs.reads - last)
      last = fs.reads
    }
    const rows = await new LinuxInspector(fs, X64, turn).scan()
    readsPerSlice.push(fs.reads - last)
    expect(rows).toHaveLength(1000)
    expect(readsPerSlice).toHaveLength(Math.ceil(1000 / SCAN_SLICE))
    expect(Math.max(...readsPerSlice.slice(1))).toBeLessThanOrEqual(SCAN_SLICE)
    readsPerSlice.length = 0
    last = fs.reads
    const found = await new LinuxInspector(fs, X64, turn).lookup(Array.from({ length: 300 }, (_, i) => 1000 + 2 * i))
    expect(found.size).toBe(300)
    expect(readsPerSlice).toHaveLength(2)
  })
})
