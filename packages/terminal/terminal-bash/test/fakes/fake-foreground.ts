import type { ForegroundInspection, StdinVerdict } from 'dsh-subprocess'

export const SHELL_PGID = 100

/** Build a foreground inspection for tests. */
export function fg(
  stdin: StdinVerdict,
  options: { pgid?: number; rchar?: number; isShell?: boolean; counters?: boolean; watched?: number } = {},
): ForegroundInspection {
  const pgid = options.pgid ?? SHELL_PGID
  return {
    pgid,
    isShell: options.isShell ?? pgid === SHELL_PGID,
    members: [pgid],
    stdin,
    // the waiting thread, and how many input fds its wait watches (an event loop: more than 1)
    evidence: options.watched === undefined ? [] : [{ pid: pgid, tid: pgid, syscall: 'epoll_pwait', waitsOnStdin: stdin === 'waiting', watched: options.watched }],
    counters: options.counters === false ? undefined : { rchar: options.rchar ?? 0, syscr: 0 },
  }
}

/** A scripted inspector: returns the current inspection (or fails) and counts calls. */
export class FakeInspector {
  calls = 0
  current: ForegroundInspection | Error = fg('waiting')

  inspect = (): Promise<ForegroundInspection> => {
    this.calls++
    const value = this.current
    return value instanceof Error ? Promise.reject(value) : Promise.resolve(value)
  }
}
