// @dsh-pure
/**
 * Decoding of the user memory a select or poll call points at, read from /proc/<pid>/mem.
 * Both supported architectures (x86_64, arm64) are little-endian, which these decoders assume.
 */

/** Bytes of an fd_set holding `nfds` descriptors (whole 64-bit words, as the kernel reads it). */
export function fdSetBytes(nfds: number): number {
  return Math.ceil(nfds / 64) * 8
}

/** The fds below `nfds` whose bit is set in an fd_set (bit fd%8 of byte fd/8 on little-endian). */
export function fdsInSet(bytes: Uint8Array, nfds: number): number[] {
  const fds: number[] = []
  const limit = Math.min(nfds, bytes.length * 8)
  for (let fd = 0; fd < limit; fd++) {
    if ((bytes[fd >> 3]! >> (fd & 7)) & 1) fds.push(fd)
  }
  return fds
}

/** struct pollfd { int fd; short events; short revents; } */
export const POLLFD_BYTES = 8

/** Input-side poll events: POLLIN | POLLPRI | POLLRDNORM | POLLRDBAND. */
export const POLL_INPUT = 0x1 | 0x2 | 0x40 | 0x80

export interface PollFd {
  readonly fd: number
  readonly events: number
}

/** Decode `count` pollfd records (fewer if the bytes run out). */
export function parsePollFds(bytes: Uint8Array, count: number): PollFd[] {
  const records: PollFd[] = []
  const n = Math.min(count, Math.floor(bytes.length / POLLFD_BYTES))
  for (let i = 0; i < n; i++) {
    const o = i * POLLFD_BYTES
    const fd = (bytes[o]! | (bytes[o + 1]! << 8) | (bytes[o + 2]! << 16) | (bytes[o + 3]! << 24)) | 0
    const events = bytes[o + 4]! | (bytes[o + 5]! << 8)
    records.push({ fd, events })
  }
  return records
}
