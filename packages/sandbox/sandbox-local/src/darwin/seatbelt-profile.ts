// @dsh-pure
import type { ConfinedPolicy } from '../layout'
import { protectionPlan } from '../protection-plan'

/** The sandbox-exec parameter that carries the workspace root (never spliced into the profile). */
export const WORKSPACE_PARAM = 'WORKSPACE_ROOT'

/** Prefix of the parameters carrying protected paths (`PROTECTED_0`, ...) and their pinned ancestors. */
export const PROTECTED_PARAM = 'PROTECTED'
export const PINNED_PARAM = 'PINNED'

/** Device files a shell writes to: the null/zero sinks, its terminal, and fd aliases. */
const DEVICE_WRITES = [
  '(literal "/dev/null")',
  '(literal "/dev/zero")',
  '(literal "/dev/tty")',
  '(literal "/dev/ptmx")',
  '(literal "/dev/dtracehelper")',
  '(regex #"^/dev/ttys[0-9]+$")',
  '(regex #"^/dev/fd/[0-9]+$")',
]

export interface SeatbeltOptions {
  readonly shareNetwork: boolean
  /** The host's protected paths (HostView.protectedPaths); those in the workspace stay read-only. */
  readonly protectedPaths?: readonly string[]
}

/** The `-D NAME=value` parameters of the workspace-write profile: the root, protected paths, pinned ancestors. */
function parameters(policy: ConfinedPolicy, protectedPaths: readonly string[]): [string, string][] {
  if (policy.mode !== 'workspace-write') return []
  const plan = protectionPlan(policy, protectedPaths)
  return [
    [WORKSPACE_PARAM, policy.workspaceRoot],
    ...plan.readOnly.map((path, i): [string, string] => [`${PROTECTED_PARAM}_${i}`, path]),
    ...plan.pinned.map((path, i): [string, string] => [`${PINNED_PARAM}_${i}`, path]),
  ]
}

/**
 * A Seatbelt (SBPL) profile with the Linux layout's meaning, for macOS `sandbox-exec`:
 * everything is allowed except file writes; writes are allowed only to the terminal and
 * null devices, plus (workspace-write) the workspace root passed as a parameter, minus the
 * host's protected paths in it (and any write to their ancestors themselves, so they cannot
 * be renamed). Signals are limited to processes of the same sandbox. Later rules win in
 * SBPL, so each deny follows the allow it narrows. Paths travel as parameters, never
 * spliced into the profile text.
 */
export function seatbeltProfile(policy: ConfinedPolicy, options: SeatbeltOptions): string {
  const lines = [
    '(version 1)',
    `; dsh-sandbox-local: ${policy.mode}`,
    '(allow default)',
    '(deny file-write*)',
    `(allow file-write*\n  ${DEVICE_WRITES.join('\n  ')})`,
  ]
  for (const [name] of parameters(policy, options.protectedPaths ?? [])) {
    if (name === WORKSPACE_PARAM) lines.push(`(allow file-write* (subpath (param "${name}")))`)
    else if (name.startsWith(PROTECTED_PARAM)) lines.push(`(deny file-write* (subpath (param "${name}")))`)
    else lines.push(`(deny file-write* (literal (param "${name}")))`)
  }
  lines.push('(deny signal)', '(allow signal (target same-sandbox))')
  if (!options.shareNetwork) lines.push('(deny network*)')
  return `${lines.join('\n')}\n`
}

/** The sandbox-exec command line that runs `argv` under `policy`. */
export function seatbeltArgv(
  argv: readonly string[],
  policy: ConfinedPolicy,
  options: SeatbeltOptions & { readonly sandboxExecPath: string },
): string[] {
  const params = parameters(policy, options.protectedPaths ?? []).flatMap(([name, value]) => ['-D', `${name}=${value}`])
  return [options.sandboxExecPath, '-p', seatbeltProfile(policy, options), ...params, '--', ...argv]
}
