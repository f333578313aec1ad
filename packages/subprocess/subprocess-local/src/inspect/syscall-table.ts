// @dsh-pure
/**
 * Syscall numbers of the calls a thread can wait for terminal input in, per architecture,
 * copied from the kernel UAPI headers (x86_64: arch/x86/entry/syscalls/syscall_64.tbl, as
 * installed in asm/unistd_64.h; arm64: include/uapi/asm-generic/unistd.h). arm64 has no
 * select, poll or epoll_wait: its libc uses pselect6, ppoll and epoll_pwait instead.
 * A number outside the table is a syscall that does not wait for input.
 */

/** How a waiting syscall's arguments are analysed. */
export type WaitKind = 'read' | 'select' | 'poll' | 'epoll'

export interface WaitSyscall {
  readonly name: string
  readonly kind: WaitKind
}

export type SyscallTable = ReadonlyMap<number, WaitSyscall>

const entry = (name: string, kind: WaitKind): WaitSyscall => ({ name, kind })

const X86_64: SyscallTable = new Map([
  [0, entry('read', 'read')],
  [7, entry('poll', 'poll')],
  [19, entry('readv', 'read')],
  [23, entry('select', 'select')],
  [232, entry('epoll_wait', 'epoll')],
  [270, entry('pselect6', 'select')],
  [271, entry('ppoll', 'poll')],
  [281, entry('epoll_pwait', 'epoll')],
  [441, entry('epoll_pwait2', 'epoll')],
])

const ARM64: SyscallTable = new Map([
  [22, entry('epoll_pwait', 'epoll')],
  [63, entry('read', 'read')],
  [65, entry('readv', 'read')],
  [72, entry('pselect6', 'select')],
  [73, entry('ppoll', 'poll')],
  [441, entry('epoll_pwait2', 'epoll')],
])

/** The table for a Node `process.arch` value; undefined skips the exact probe ('unknown'). */
export function syscallTableFor(arch: string): SyscallTable | undefined {
  if (arch === 'x64') return X86_64
  if (arch === 'arm64') return ARM64
  return undefined
}
