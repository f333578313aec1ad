/** The descriptors a top-level process holds on its terminal, in the order they are tried. */
const TERMINAL_FDS = [0, 1, 2]

/**
 * Ask `probe` about the terminal through a descriptor the top-level process `pid` holds on
 * it (`/proc/<pid>/fd/N`, Linux): stdin first, then stdout and stderr (one may have been
 * redirected away). The first answer wins; undefined when none answers.
 */
export async function probeTerminal<T>(pid: number, probe: (device: string) => Promise<T | undefined>): Promise<T | undefined> {
  for (const fd of TERMINAL_FDS) {
    const answer = await probe(`/proc/${pid}/fd/${fd}`)
    if (answer !== undefined) return answer
  }
  return undefined
}
