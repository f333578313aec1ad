import { SANDBOX_MODES } from 'dsh-sandbox'
import * as z from 'zod'
import { canonicalDirectory } from './workspace-root'

/** dsh-sandbox-policy configuration; every field has a default. */
export const Config = z.preprocess((value) => value ?? {}, z.object({
  /** Deployment default mode for agents that never chose one. Fail-safe: read-only. */
  mode: z.enum(SANDBOX_MODES, {
    error: (issue) => `sandboxPolicy: mode ${JSON.stringify(issue.input)} is not one of ${SANDBOX_MODES.join(', ')}`,
  }).default('read-only').describe('sandbox mode of every agent that never chose one (fail-safe read-only)'),
  /**
   * The workspace root: an existing directory, stored as its canonical absolute path
   * (realpath). Defaults to the process working directory at load time.
   */
  workspaceRoot: z.string({ error: 'sandboxPolicy: workspaceRoot must be a path string' })
    .min(1, 'sandboxPolicy: workspaceRoot must not be empty')
    .default(() => process.cwd())
    .transform((value, ctx) => {
      const result = canonicalDirectory(value)
      if ('path' in result) return result.path
      ctx.issues.push({
        code: 'custom',
        input: value,
        message: `sandboxPolicy: workspaceRoot ${JSON.stringify(value)} ${result.problem}; point it at an existing directory`,
      })
      return z.NEVER
    })
    .describe('the workspace root: an existing directory, stored as its canonical absolute path'),
  /** When true, every agent works in workspaceRoot; a host's per-agent workspace is ignored. */
  pinWorkspace: z.boolean({ error: (issue) => `sandboxPolicy: pinWorkspace must be true or false; got ${JSON.stringify(issue.input)}` })
    .optional()
    .describe('true: every agent works in workspaceRoot, and a host\'s per-agent workspace (an ACP session\'s cwd) is ignored (default false)'),
}))
export type Config = z.output<typeof Config>
export type ConfigInput = z.input<typeof Config>
