import * as z from 'zod'

/** Defaults: see README "Limits" for why each is what it is. */
export const DEFAULT_MAX_AGENTS = 64
export const DEFAULT_SESSION_LOG_BYTES = 1024 * 1024
export const DEFAULT_SESSION_EVENT_BYTES = 16 * 1024

/** Smallest accepted event budget: below it even an id and a name would not fit a summary. */
export const MIN_SESSION_EVENT_BYTES = 1024

const count = (field: string, min: number) => z.number({ error: `agents: ${field} must be a number` })
  .int(`agents: ${field} must be an integer`)
  .min(min, `agents: ${field} must be at least ${min}`)
  .max(Number.MAX_SAFE_INTEGER, `agents: ${field} must be a safe integer`)

/** dsh-agent configuration; every field has a default. */
export const Config = z.preprocess((value) => value ?? {}, z.object({
  maxAgents: count('maxAgents', 1).default(DEFAULT_MAX_AGENTS)
    .describe('most agents live at once on this host; creating one more fails with AGENT_LIMIT'),
  sessionLogBytes: count('sessionLogBytes', MIN_SESSION_EVENT_BYTES).default(DEFAULT_SESSION_LOG_BYTES)
    .describe("bytes (about, as JSON) one agent's session log keeps; the oldest events are dropped past it"),
  sessionEventBytes: count('sessionEventBytes', MIN_SESSION_EVENT_BYTES).default(DEFAULT_SESSION_EVENT_BYTES)
    .describe('bytes (about, as JSON) of one event kept as is; a larger one is kept as a summary that records big fields by size'),
}).superRefine((cfg, ctx) => {
  // one event must fit the log, or every append would evict the whole log
  if (cfg.sessionEventBytes > cfg.sessionLogBytes) {
    ctx.addIssue({
      code: 'custom',
      path: ['sessionEventBytes'],
      message: `agents: sessionEventBytes (${cfg.sessionEventBytes}) must not exceed sessionLogBytes (${cfg.sessionLogBytes}); raise sessionLogBytes or lower sessionEventBytes`,
    })
  }
}))
export type Config = z.output<typeof Config>
export type ConfigInput = z.input<typeof Config>

/** The log budget of one agent (from Config). */
export interface SessionLogLimits {
  readonly logBytes: number
  readonly eventBytes: number
}

/** The default budget (what an agent gets from a registry with no config). */
export const DEFAULT_SESSION_LOG_LIMITS: SessionLogLimits = { logBytes: DEFAULT_SESSION_LOG_BYTES, eventBytes: DEFAULT_SESSION_EVENT_BYTES }
