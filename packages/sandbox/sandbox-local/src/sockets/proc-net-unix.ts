// @dsh-pure
/** `Num: RefCount Protocol Flags Type St Inode Path`: the path is everything after the seventh field. */
const LINE = /^\s*[0-9a-fA-F]+:\s+\S+\s+\S+\s+\S+\s+\S+\s+\S+\s+\S+\s(.+)$/

/**
 * The absolute filesystem paths of the unix sockets listed in `/proc/net/unix` text, each
 * once. Abstract sockets (`@name`), unnamed sockets and relative paths are skipped: the
 * first two have no path to cover, the third cannot be located.
 */
export function pathSocketsOf(text: string): string[] {
  const paths = new Set<string>()
  for (const line of text.split('\n')) {
    const path = LINE.exec(line)?.[1]?.trim()
    if (path?.startsWith('/')) paths.add(path)
  }
  return [...paths]
}
