import { execFile } from 'node:child_process'
import { SandboxError } from 'dsh-sandbox'
import type { PlatformConfiner } from '../confiner'
import { findExecutable } from '../find-executable'
import type { HostView } from '../host-view'
import type { ConfinedPolicy } from '../layout'
import { bwrapArgv } from './bwrap-argv'

/**
 * Upper bound on the one-time bubblewrap self-test. It normally takes a few milliseconds;
 * 10 s only matters when bwrap hangs (a broken setuid helper or a stuck mount), and then
 * the confine fails closed instead of waiting forever.
 */
export const PROBE_TIMEOUT_MS = 10_000

/** Bound on the self-test's captured output, quoted in the error when it fails. */
const PROBE_OUTPUT_BYTES = 16 * 1024

/** Longest part of bwrap's own complaint kept in an error message. */
const QUOTE_CHARS = 400

export interface BwrapSettings {
  /** `bwrap` (looked up on PATH) or a path to the executable. */
  readonly bwrapPath: string
  readonly shareNetwork: boolean
  readonly tmpfsSizeBytes: number
  /** The PATH used to find `bwrapPath` when it is a bare name. */
  readonly searchPath: string | undefined
}

const HOW_TO_FIX = 'choose sandbox mode danger-full-access explicitly to run unconfined'

/**
 * Linux: bubblewrap. Each confine checks that the configured executable exists; the first
 * confine through a given executable also runs the real layout once (`true` under
 * read-only) so a bwrap that cannot create namespaces here fails closed with its own
 * complaint, before any shell starts. Success is remembered per executable path.
 */
export class BwrapConfiner implements PlatformConfiner {
  readonly enforcement = 'bubblewrap'
  readonly replacesMounts = true
  private readonly probes = new Map<string, Promise<void>>()

  constructor(private readonly settings: BwrapSettings) {}

  async wrap(argv: readonly string[], policy: ConfinedPolicy, cwd: string | undefined, view: HostView): Promise<string[]> {
    const bwrapPath = await this.locate()
    await this.verify(bwrapPath)
    const { shareNetwork, tmpfsSizeBytes } = this.settings
    return bwrapArgv(argv, policy, { bwrapPath, shareNetwork, tmpfsSizeBytes, cwd, view })
  }

  private async locate(): Promise<string> {
    const { bwrapPath, searchPath } = this.settings
    const found = await findExecutable(bwrapPath, searchPath)
    if (found !== undefined) return found
    const where = bwrapPath.includes('/') ? `at ${JSON.stringify(bwrapPath)}` : `on PATH (${searchPath ?? 'unset'})`
    throw new SandboxError(
      'SANDBOX_UNAVAILABLE',
      `sandbox: bubblewrap (${bwrapPath}) was not found ${where}, so nothing was started; install it (Debian/Ubuntu: apt-get install bubblewrap; Fedora: dnf install bubblewrap), point dsh-sandbox-local's bwrapPath at it, or ${HOW_TO_FIX}`,
    )
  }

  private verify(bwrapPath: string): Promise<void> {
    let probe = this.probes.get(bwrapPath)
    if (probe === undefined) {
      probe = this.selfTest(bwrapPath)
      this.probes.set(bwrapPath, probe)
      probe.catch(() => this.probes.delete(bwrapPath))
    }
    return probe
  }

  private selfTest(bwrapPath: string): Promise<void> {
    const argv = bwrapArgv(['true'], { mode: 'read-only', workspaceRoot: '/' }, { ...this.settings, bwrapPath })
    return new Promise((resolve, reject) => {
      execFile(argv[0]!, argv.slice(1), { timeout: PROBE_TIMEOUT_MS, killSignal: 'SIGKILL', maxBuffer: PROBE_OUTPUT_BYTES, encoding: 'utf8' }, (error, _stdout, stderr) => {
        if (error === null) return resolve()
        const said = stderr.trim().slice(0, QUOTE_CHARS) || error.message.slice(0, QUOTE_CHARS)
        reject(new SandboxError(
          'SANDBOX_UNAVAILABLE',
          `sandbox: bubblewrap at ${bwrapPath} cannot create a sandbox on this machine (${said}), so nothing was started; allow unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1 or user.max_user_namespaces > 0; on Ubuntu 24.04+ an AppArmor profile for bwrap), install bubblewrap 0.8 or newer, or ${HOW_TO_FIX}`,
          { cause: error },
        ))
      })
    })
  }
}
