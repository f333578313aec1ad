import { execFile } from 'node:child_process'
import { platform } from 'node:process'
import { parseSttyG, type Termios } from '../readiness/termios'
import { probeTerminal } from './terminal-device'

/**
 * How long one termios read may take before it counts as unknown. `stty` answers in a few
 * milliseconds; the bound only matters on a machine too loaded to start it.
 */
export const TERMIOS_PROBE_MAX_MS = 2_000

/**
 * Read the terminal's current line-discipline settings. node-pty does not expose termios,
 * so this runs `stty -F /proc/<pid>/fd/N -g` (Linux) on a descriptor the top-level process
 * holds on the pty (stdin first, then stdout and stderr): the tcgetattr of that device. It
 * costs one short-lived process, so callers ask only when a decision depends on it (a send
 * with control characters, a terminal query). Undefined when it cannot be read: another
 * platform, no stty, the descriptors no longer on the terminal, or the process gone.
 */
export async function readTermios(pid: number): Promise<Termios | undefined> {
  if (platform !== 'linux') return undefined
  return probeTerminal(pid, async (device) => {
    const text = await runStty(device)
    return text === undefined ? undefined : parseSttyG(text)
  })
}

function runStty(device: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile('stty', ['-F', device, '-g'], { timeout: TERMIOS_PROBE_MAX_MS, encoding: 'utf8' }, (error, stdout) => {
      resolve(error ? undefined : stdout)
    })
  })
}
