import { describe, expect, it } from 'vitest'
import { CmdlineMemo } from '../src/inspect/cmdline-memo'
import type { TreeEntry } from '../src/inspect/linux-table'

const entry = (pid: number, extra: Partial<TreeEntry> = {}): TreeEntry => ({
  pid, ppid: 1, pgid: pid, sid: pid, tpgid: pid, tty: 0, state: 'S', start: `${pid}0`, threads: [pid], comm: 'bash', execd: true, ...extra,
})

function counted(answers: Record<number, readonly string[] | undefined>) {
  const reads: number[] = []
  return { reads, read: (pid: number) => { reads.push(pid); return answers[pid] } }
}

describe('CmdlineMemo', () => {
  it('reads an exec\'d process once', () => {
    const memo = new CmdlineMemo()
    const { reads, read } = counted({ 7: ['bash', '-i'] })
    expect(memo.get(entry(7), read)).toEqual(['bash', '-i'])
    expect(memo.get(entry(7), read)).toEqual(['bash', '-i'])
    expect(reads).toEqual([7])
  })

  it('reads again after an exec (command name) or a pid reuse (start time)', () => {
    const memo = new CmdlineMemo()
    const { reads, read } = counted({ 7: ['x'] })
    memo.get(entry(7), read)
    memo.get(entry(7, { comm: 'python3' }), read)
    memo.get(entry(7, { comm: 'python3', start: '999' }), read)
    memo.get(entry(7, { comm: 'python3', start: '999' }), read)
    expect(reads).toEqual([7, 7, 7])
  })

  it('never remembers a forked copy that has not exec\'d, nor an unreadable command line', () => {
    const memo = new CmdlineMemo()
    const { reads, read } = counted({ 7: ['bwrap', '--', 'bash'] })
    memo.get(entry(7, { execd: false }), read)
    memo.get(entry(7, { execd: false }), read)
    memo.get(entry(8), read)
    memo.get(entry(8), read)
    expect(reads).toEqual([7, 7, 8, 8])
    expect(memo.size).toBe(0)
  })

  it('forgets processes that left the tree', () => {
    const memo = new CmdlineMemo()
    const { read } = counted({ 7: ['a'], 8: ['b'] })
    memo.get(entry(7), read)
    memo.get(entry(8), read)
    memo.keepOnly([entry(8)])
    expect(memo.size).toBe(1)
  })
})
