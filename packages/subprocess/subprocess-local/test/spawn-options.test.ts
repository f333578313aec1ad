import { describe, expect, it } from 'vitest'
import { executableCandidates, normalizeSpawnOptions } from '../src/spawn/options'
import { argvSuffixIndex, descendantsChildrenFirst, findShell, parseCmdline } from '../src/inspect/tree'
import type { ProcessRow } from '../src/inspect/types'

const defaults = { rows: 24, cols: 80, graceMs: 3000 }

describe('normalizeSpawnOptions', () => {
  it('applies defaults and copies the inputs', () => {
    const argv = ['bash']
    const spec = normalizeSpawnOptions({ argv, cwd: '/tmp', env: { A: '1' } }, defaults)
    expect(spec).toEqual({ argv: ['bash'], cwd: '/tmp', env: { A: '1' }, rows: 24, cols: 80, graceMs: 3000 })
    expect(spec.argv).not.toBe(argv)
  })

  it.each([
    [{ argv: [], cwd: '/tmp' }, /argv must be a non-empty array/],
    [{ argv: [''], cwd: '/tmp' }, /argv\[0\] must be non-empty/],
    [{ argv: ['a\0b'], cwd: '/tmp' }, /NUL/],
    [{ argv: ['bash'], cwd: '' }, /cwd must be a non-empty path/],
    [{ argv: ['bash'], cwd: '/tmp', rows: 0 }, /rows must be an integer from 1 to 10000, got 0/],
    [{ argv: ['bash'], cwd: '/tmp', cols: 2.5 }, /cols must be an integer/],
    [{ argv: ['bash'], cwd: '/tmp', graceMs: -1 }, /graceMs must be an integer from 0/],
    [{ argv: ['bash'], cwd: '/tmp', env: { 'A=B': 'x' } }, /env entry "A=B"/],
  ])('rejects %j with INVALID_ARGUMENT', (options, message) => {
    expect(() => normalizeSpawnOptions(options, defaults)).toThrow(message)
    try {
      normalizeSpawnOptions(options, defaults)
    } catch (error) {
      expect((error as { code: string }).code).toBe('INVALID_ARGUMENT')
    }
  })
})

describe('executableCandidates (execvp order)', () => {
  it('searches PATH for a bare name; an empty entry is the working directory', () => {
    expect(executableCandidates('bash', '/w', '/usr/bin::bin/')).toEqual(['/usr/bin/bash', '/w/./bash', '/w/bin/bash'])
  })

  it('takes a name with a slash as a path relative to cwd', () => {
    expect(executableCandidates('./run.sh', '/w/', undefined)).toEqual(['/w/./run.sh'])
    expect(executableCandidates('/bin/sh', '/w', '/x')).toEqual(['/bin/sh'])
  })

  it('uses /bin:/usr/bin when PATH is unset', () => {
    expect(executableCandidates('sh', '/w', undefined)).toEqual(['/bin/sh', '/usr/bin/sh'])
  })
})

describe('process tree helpers', () => {
  const row = (pid: number, ppid: number): ProcessRow => ({ pid, ppid, pgid: pid, sid: 1, tpgid: -1, tty: 0, state: 'S', start: '1' })

  it('lists descendants children first', () => {
    const rows = [row(1, 0), row(2, 1), row(3, 2), row(4, 1), row(5, 3), row(9, 8)]
    expect(descendantsChildrenFirst(rows, 1).map((r) => r.pid)).toEqual([5, 3, 2, 4])
  })

  it('matches command lines against argv suffixes', () => {
    expect(parseCmdline('bwrap\0--\0bash\0-i\0')).toEqual(['bwrap', '--', 'bash', '-i'])
    expect(argvSuffixIndex(['bash', '-i'], ['bwrap', '--', 'bash', '-i'])).toBe(2)
    expect(argvSuffixIndex(['bash'], ['bwrap', '--', 'bash', '-i'])).toBe(-1)
    expect(argvSuffixIndex([], ['bash'])).toBe(-1)
  })

  it('prefers the shortest suffix, then the shallowest process', () => {
    const argv = ['wrap', 'bash', '-i']
    const cmd: Record<number, string[]> = { 1: argv, 2: argv, 3: ['bash', '-i'], 4: ['bash', '-i'] }
    expect(findShell([row(1, 0), row(2, 1), row(3, 2), row(4, 3)], (pid) => cmd[pid], argv)).toEqual({ pid: 3, start: '1', suffix: 1 })
  })
})
