// @dsh-pure
/**
 * The few /proc reads the Linux inspector and the teardown need, behind one small interface
 * so process tables can be faked in unit tests. Every method returns undefined when the file
 * is missing or unreadable (process gone, permission denied): callers treat that as unknown.
 */
export interface ProcFs {
  /** A whole text file, e.g. '/proc/42/stat'. */
  read(path: string): string | undefined
  /** The names in a directory, e.g. '/proc' or '/proc/42/task'. */
  list(path: string): string[] | undefined
  /** `length` bytes of a process's memory at `address` (through /proc/<pid>/mem). */
  readMemory(pid: number, address: bigint, length: number): Uint8Array | undefined
  /** The device and inode an open fd refers to (stat of /proc/<pid>/fd/<fd>). */
  statFd(pid: number, fd: number): FdIdentity | undefined
}

export interface FdIdentity {
  /** Device number in the kernel's encoding (the same as stat's tty_nr for a tty). */
  readonly rdev: number
  readonly ino: bigint
}
