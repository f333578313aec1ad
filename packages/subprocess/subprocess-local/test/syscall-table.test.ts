import { describe, expect, it } from 'vitest'
import { syscallTableFor } from '../src/inspect/syscall-table'

const names = (arch: string) => Object.fromEntries([...(syscallTableFor(arch) ?? new Map())].map(([nr, s]) => [s.name, nr]))

describe('syscall tables (kernel UAPI numbers)', () => {
  it('x86_64', () => {
    expect(names('x64')).toEqual({ read: 0, poll: 7, readv: 19, select: 23, epoll_wait: 232, pselect6: 270, ppoll: 271, epoll_pwait: 281, epoll_pwait2: 441 })
  })

  it('arm64 has no select, poll or epoll_wait', () => {
    expect(names('arm64')).toEqual({ epoll_pwait: 22, read: 63, readv: 65, pselect6: 72, ppoll: 73, epoll_pwait2: 441 })
  })

  it('other architectures have no table (the exact tier is skipped)', () => {
    expect(syscallTableFor('riscv64')).toBeUndefined()
    expect(syscallTableFor('ia32')).toBeUndefined()
  })
})
