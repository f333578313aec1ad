import { describe, expect, it } from 'vitest'
import { EPOLL_INPUT, parseEpollTargets } from '../src/proc/parse-fdinfo'
import { parseIo } from '../src/proc/parse-io'
import { isGone, isStopped, parseStat } from '../src/proc/parse-stat'
import { argInt, parseSyscallLine } from '../src/proc/parse-syscall'
import { fdSetBytes, fdsInSet, parsePollFds } from '../src/proc/parse-wait-args'

describe('parseStat', () => {
  it('reads the fields after the last parenthesis, so a comm with ") " cannot shift them', () => {
    const line = '4242 (evil) S 1 2) R 7 9 8 4242 34819 4250 4194560 1 0 0 0 3 1 0 0 20 0 1 0 987654 0 0\n'
    expect(parseStat(line)).toEqual({
      pid: 4242, comm: 'evil) S 1 2', state: 'R', ppid: 7, pgrp: 9, session: 8,
      ttyNr: 4242, tpgid: 34819, flags: 4250, numThreads: 0, startTime: '0',
    })
  })

  it('parses a real bash line: pgrp, session and tpgid are its own pid at the prompt', () => {
    const line = '26646 (bash) S 26640 26646 26646 34817 26646 4194560 585 0 0 0 0 0 0 0 20 0 1 0 1234567 9076736 871 18446744073709551615 1 1 0 0 0 0 65536 3686404 1266761467 0 0 0 17 1 0 0 0 0 0 0 0 0 0 0 0 0 0\n'
    const stat = parseStat(line)!
    expect([stat.pid, stat.comm, stat.state, stat.ppid, stat.pgrp, stat.session, stat.ttyNr, stat.tpgid, stat.startTime])
      .toEqual([26646, 'bash', 'S', 26640, 26646, 26646, 34817, 26646, '1234567'])
    expect([stat.flags, stat.numThreads]).toEqual([4194560, 1])
  })

  it('rejects truncated or garbled lines', () => {
    expect(parseStat('')).toBeUndefined()
    expect(parseStat('12 (x) S 1 2 3')).toBeUndefined()
    expect(parseStat('nope')).toBeUndefined()
  })

  it('classifies states', () => {
    expect(['T', 't'].map(isStopped)).toEqual([true, true])
    expect(['Z', 'X', 'S'].map(isGone)).toEqual([true, true, false])
  })
})

describe('parseSyscallLine', () => {
  it('parses the lines measured on this machine', () => {
    const bash = parseSyscallLine('270 0x1 0x7ffc4c8b8480 0x0 0x0 0x0 0x7ffc4c8b83b0 0x7ffc4c8b8370 0x7f896fd7faec\n')
    expect(bash).toEqual({ kind: 'blocked', nr: 270, args: [1n, 0x7ffc4c8b8480n, 0n, 0n, 0n, 0x7ffc4c8b83b0n] })
    expect(parseSyscallLine('0 0x0 0x7feffba12000 0x20000 0x0 0x0 0x0 0x7ffd 0x7fef')).toMatchObject({ nr: 0, args: [0n, 0x7feffba12000n, 0x20000n, 0n, 0n, 0n] })
    expect(parseSyscallLine('running\n')).toEqual({ kind: 'running' })
    expect(parseSyscallLine('-1 0x7ffd7e1b9000 0x7f79c6c54954\n')).toEqual({ kind: 'outside' })
  })

  it('rejects anything else', () => {
    expect(parseSyscallLine('')).toBeUndefined()
    expect(parseSyscallLine('270 0x1')).toBeUndefined()
    expect(parseSyscallLine('270 zz 0x0 0x0 0x0 0x0 0x0 0x0 0x0')).toBeUndefined()
  })

  it('reads int arguments as signed 32-bit values', () => {
    expect(argInt(0xffffffffn)).toBe(-1)
    expect(argInt(0xdn)).toBe(13)
  })
})

describe('parseEpollTargets', () => {
  it('lists the interest list of the node REPL epoll fd (recorded on this machine)', () => {
    const text = 'pos:\t0\nflags:\t02000002\nmnt_id:\t17\nino:\t17\n' +
      'tfd:       14 events:       19 data:                e  pos:0 ino:4db6 sdev:f\n' +
      'tfd:       20 events:       19 data:               14  pos:0 ino:4 sdev:1a\n'
    expect(parseEpollTargets(text)).toEqual([
      { fd: 14, events: 0x19, ino: 0x4db6n },
      { fd: 20, events: 0x19, ino: 4n },
    ])
    expect(0x19 & EPOLL_INPUT).toBe(1)
  })

  it('is empty for a non-epoll fdinfo', () => {
    expect(parseEpollTargets('pos:\t0\nflags:\t02\nmnt_id:\t25\nino:\t3\n')).toEqual([])
  })
})

describe('fd sets and pollfd arrays', () => {
  it('decodes fd_set bits little-endian', () => {
    const bytes = new Uint8Array(8)
    bytes[0] = 0b0000_0101
    bytes[1] = 0b1000_0000
    expect(fdsInSet(bytes, 64)).toEqual([0, 2, 15])
    expect(fdsInSet(bytes, 1)).toEqual([0])
    expect(fdSetBytes(1)).toBe(8)
    expect(fdSetBytes(65)).toBe(16)
  })

  it('decodes pollfd records (fd -1 and negative fds included)', () => {
    const bytes = new Uint8Array(24)
    const view = new DataView(bytes.buffer)
    view.setInt32(0, 0, true)
    view.setInt16(4, 0x1, true)
    view.setInt32(8, -1, true)
    view.setInt32(16, 7, true)
    view.setInt16(20, 0x4, true)
    expect(parsePollFds(bytes, 3)).toEqual([{ fd: 0, events: 1 }, { fd: -1, events: 0 }, { fd: 7, events: 4 }])
    expect(parsePollFds(bytes, 10)).toHaveLength(3)
  })
})

describe('parseIo', () => {
  it('reads syscr and rchar', () => {
    expect(parseIo('rchar: 11738\nwchar: 52\nsyscr: 17\nsyscw: 9\nread_bytes: 0\n')).toEqual({ syscr: 17, rchar: 11738 })
    expect(parseIo('wchar: 1\n')).toBeUndefined()
  })
})
