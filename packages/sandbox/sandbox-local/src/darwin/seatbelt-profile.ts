// @dsh-pure
import type { ConfinedPolicy } from '../layout'

/** The sandbox-exec parameter that carries the workspace root (never spliced into the profile). */
export const WORKSPACE_PARAM = 'WORKSPACE_ROOT'

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

/**
 * A Seatbelt (SBPL) profile with the Linux layout's meaning, for macOS `sandbox-exec`:
 * everything is allowed except file writes; writes are allowed only to the terminal and
 * null devices, plus (workspace-write) the workspace root passed as a parameter. Signals
 * are limited to processes of the same sandbox. Later rules win in SBPL, so each allow
 * follows the deny it narrows.
 */
export function seatbeltProfile(policy: ConfinedPolicy, options: { readonly shareNetwork: boolean }): string {
  const lines = [
    '(version 1)',
    `; dsh-sandbox-local: ${policy.mode}`,
    '(allow default)',
    '(deny file-write*)',
    `(allow file-write*\n  ${DEVICE_WRITES.join('\n  ')})`,
  ]
  if (policy.mode === 'workspace-write') lines.push(`(allow file-write* (subpath (param "${WORKSPACE_PARAM}")))`)
  lines.push('(deny signal)', '(allow signal (target same-sandbox))')
  if (!options.shareNetwork) lines.push('(deny network*)')
  return `${lines.join('\n')}\n`
}

/** The sandbox-exec command line that runs `argv` under `policy`. */
export function seatbeltArgv(
  argv: readonly string[],
  policy: ConfinedPolicy,
  options: { readonly sandboxExecPath: string; readonly shareNetwork: boolean },
): string[] {
  const params = policy.mode === 'workspace-write' ? ['-D', `${WORKSPACE_PARAM}=${policy.workspaceRoot}`] : []
  return [options.sandboxExecPath, '-p', seatbeltProfile(policy, options), ...params, '--', ...argv]
}
