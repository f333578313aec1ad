// @dsh-pure
/** One target of an epoll interest list, from /proc/<pid>/fdinfo/<epfd>. */
export interface EpollTarget {
  /** The fd number the target had when it was added. */
  readonly fd: number
  /** Requested events (EPOLLIN = 0x1, ...). */
  readonly events: number
  /** Inode of the target file, when the kernel prints it. */
  readonly ino?: bigint
}

const TFD = /^tfd:\s*(\d+)\s+events:\s*([0-9a-f]+)(?:.*?\sino:([0-9a-f]+))?/i

/** Every `tfd:` line; an empty list for a non-epoll fd or an empty interest list. */
export function parseEpollTargets(text: string): EpollTarget[] {
  const targets: EpollTarget[] = []
  for (const line of text.split('\n')) {
    const m = TFD.exec(line.trim())
    if (!m) continue
    const target: EpollTarget = { fd: Number(m[1]), events: Number.parseInt(m[2]!, 16) }
    targets.push(m[3] === undefined ? target : { ...target, ino: BigInt(`0x${m[3]}`) })
  }
  return targets
}

/** Input-side epoll events: EPOLLIN | EPOLLPRI | EPOLLRDNORM | EPOLLRDBAND. */
export const EPOLL_INPUT = 0x1 | 0x2 | 0x40 | 0x80
