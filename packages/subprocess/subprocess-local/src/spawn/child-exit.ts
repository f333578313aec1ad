/**
 * One SIGCHLD listener for every terminal: the kernel sends SIGCHLD to this process when a
 * child (node-pty's top-level process) exits, which is the earliest public sign of an exit.
 */
const listeners = new Set<() => void>()

function dispatch(): void {
  for (const listener of [...listeners]) listener()
}

/** Call `listener` on every SIGCHLD until the returned function is called. */
export function onChildExit(listener: () => void): () => void {
  if (listeners.size === 0) process.on('SIGCHLD', dispatch)
  listeners.add(listener)
  return () => {
    if (listeners.delete(listener) && listeners.size === 0) process.off('SIGCHLD', dispatch)
  }
}
