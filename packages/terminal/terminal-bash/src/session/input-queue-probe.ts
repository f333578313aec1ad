import { execFile } from 'node:child_process'
import { platform } from 'node:process'
import { probeTerminal } from './terminal-device'

/** How long one input-queue read may take before it counts as unknown (as TERMIOS_PROBE_MAX_MS). */
export const INPUT_QUEUE_PROBE_MAX_MS = 2_000

/** Linux FIONREAD (TIOCINQ): bytes in a terminal's input queue that no process has read. */
const FIONREAD = 0x541b

/** perl (perl-base is essential on Debian and Ubuntu) opens the device and asks the line discipline. */
const SCRIPT = `open(my $f, '<', $ARGV[0]) or exit 2; my $n = pack('L', 0); ioctl($f, ${FIONREAD}, $n) or exit 3; print unpack('L', $n)`

/**
 * How many bytes typed into the terminal no process has read yet: FIONREAD on a descriptor
 * the top-level process holds on the pty (as readTermios does). In canonical mode the line
 * discipline counts complete lines only; text without a line end is not in the count. This
 * sees every reader, also one outside the foreground group (tmux's server reads its
 * client's terminal), which the foreground group's read counters cannot. One short-lived
 * process: asked only when a send is about to say its input was not read. Undefined when it
 * cannot be read: another platform, no perl, the descriptors no longer on the terminal.
 */
export async function readInputQueue(pid: number): Promise<number | undefined> {
  if (platform !== 'linux') return undefined
  return probeTerminal(pid, runProbe)
}

function runProbe(device: string): Promise<number | undefined> {
  return new Promise((resolve) => {
    execFile('perl', ['-e', SCRIPT, device], { timeout: INPUT_QUEUE_PROBE_MAX_MS, encoding: 'utf8' }, (error, stdout) => {
      resolve(error || !/^\d+$/.test(stdout) ? undefined : Number(stdout))
    })
  })
}
