import * as z from 'zod'

/**
 * Default caps. 64 per agent fits the bench's 64 parallel sessions of one agent; 128 per
 * host bounds what one host spends on shells, PTYs and screen buffers when many agents
 * open sessions (issue 13: 200 sessions opened with no cap).
 */
export const DEFAULT_MAX_SESSIONS_PER_AGENT = 64
export const DEFAULT_MAX_SESSIONS = 128

const cap = (field: string) => z.number({ error: `terminals: ${field} must be a number` })
  .int(`terminals: ${field} must be an integer`)
  .min(1, `terminals: ${field} must be at least 1`)
  .max(Number.MAX_SAFE_INTEGER, `terminals: ${field} must be a safe integer`)

/** dsh-terminal configuration; every field has a default. */
export const Config = z.preprocess((value) => value ?? {}, z.object({
  maxSessionsPerAgent: cap('maxSessionsPerAgent').default(DEFAULT_MAX_SESSIONS_PER_AGENT)
    .describe('most terminal sessions (open, exited but not closed, or being opened) one agent holds; one more fails with SESSION_LIMIT'),
  maxSessions: cap('maxSessions').default(DEFAULT_MAX_SESSIONS)
    .describe('most terminal sessions the host holds across all agents; one more fails with SESSION_LIMIT'),
}).superRefine((cfg, ctx) => {
  // a per-agent cap above the host cap could never be reached
  if (cfg.maxSessionsPerAgent > cfg.maxSessions) {
    ctx.addIssue({
      code: 'custom',
      path: ['maxSessionsPerAgent'],
      message: `terminals: maxSessionsPerAgent (${cfg.maxSessionsPerAgent}) must not exceed maxSessions (${cfg.maxSessions}); raise maxSessions or lower maxSessionsPerAgent`,
    })
  }
}))
export type Config = z.output<typeof Config>
export type ConfigInput = z.input<typeof Config>
