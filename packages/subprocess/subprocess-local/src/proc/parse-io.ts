// @dsh-pure
/** The input counters of /proc/<pid>/io. */
export interface IoCounters {
  /** Read-like syscalls issued (read, pread, readv...). */
  readonly syscr: number
  /** Bytes those calls returned. */
  readonly rchar: number
}

export function parseIo(text: string): IoCounters | undefined {
  const field = (name: string) => {
    const m = new RegExp(`^${name}:\\s*(\\d+)\\s*$`, 'm').exec(text)
    return m ? Number(m[1]) : undefined
  }
  const syscr = field('syscr')
  const rchar = field('rchar')
  return syscr === undefined || rchar === undefined ? undefined : { syscr, rchar }
}
