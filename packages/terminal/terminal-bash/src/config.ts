import * as z from 'zod'

/** Default executable and arguments per shell dialect. */
export const DIALECT_DEFAULTS = {
  bash: { shellPath: '/bin/bash', shellArgs: ['--noprofile', '--norc', '-i'] },
} as const

const PREFIX = 'terminal-bash:'

function show(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value)
  if (typeof value === 'number' || typeof value === 'boolean' || value === null || value === undefined) return String(value)
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}

/** A positive safe integer field with a message naming the field and the value. */
function positiveInt(field: string, fallback: number, description: string) {
  const message = (input: unknown) => `${PREFIX} ${field} must be a positive safe integer (got ${show(input)})`
  return z
    .number({ error: (issue) => message(issue.input) })
    .refine((v) => Number.isSafeInteger(v) && v > 0, { error: (issue) => message(issue.input) })
    .default(fallback)
    .describe(description)
}

const NumbersShape = {
  rows: positiveInt('rows', 40, 'PTY height in rows.'),
  cols: positiveInt('cols', 160, 'PTY width in columns.'),
  scrollbackLines: positiveInt('scrollbackLines', 10_000, 'Most lines retained per session for terminal_read; older lines are dropped (reads then report truncated).'),
  scrollbackMaxBytes: positiveInt('scrollbackMaxBytes', 4_194_304, 'Most UTF-8 bytes retained per session, whatever the line count; one huge line cannot bypass it.'),
  maxReadBytes: positiveInt('maxReadBytes', 262_144, 'Most UTF-8 bytes of one read page or one send viewport; at most scrollbackMaxBytes.'),
  pollIntervalMs: positiveInt('pollIntervalMs', 50, 'Readiness poll period: how often the foreground group is probed while a send waits.'),
  exactProbeAfterMs: positiveInt('exactProbeAfterMs', 150, 'For this long after a write, every pause in output triggers an immediate probe; afterwards probes follow pollIntervalMs.'),
  idleSilenceMs: positiveInt('idleSilenceMs', 3_000, 'Output silence after which a send returns inferred_idle (a guess: the command may still run).'),
  handoffGraceMs: positiveInt('handoffGraceMs', 500, 'Extra silence allowed after a prompt marker was seen, so a shell handoff still settles as stdin_read; at least pollIntervalMs.'),
  timeoutMs: positiveInt('timeoutMs', 30_000, 'Longest wait of one send (timeout) and of start-up to the first prompt (the open fails).'),
  disposeGraceMs: positiveInt('disposeGraceMs', 3_000, 'Teardown grace between SIGTERM and SIGKILL for processes that survive the hang-up.'),
  maxSendBytes: positiveInt('maxSendBytes', 1_048_576, 'Most UTF-8 bytes of the text of one send; a larger send is refused (SEND_TOO_LARGE) and nothing is written: write the text to a file instead. Under it, text longer than the terminal input buffer is written in paced chunks as the program reads them.'),
}

const Inner = z
  .object({
    backendType: z
      .string({ error: (issue) => `${PREFIX} backendType must be a non-empty string (got ${show(issue.input)})` })
      .default('shell')
      .describe('The backend type registered on ctx.terminals (terminal_open type).'),
    shellDialect: z
      .literal('bash', {
        error: (issue) =>
          `${PREFIX} shellDialect ${show(issue.input)} is not supported by this backend; use "bash" (pwsh sessions need the Windows build)`,
      })
      .default('bash')
      .describe('Shell dialect; this backend runs bash.'),
    shellPath: z
      .string({ error: (issue) => `${PREFIX} shellPath must be a string path (got ${show(issue.input)})` })
      .default('')
      .describe('Shell executable; empty means the dialect default (/bin/bash).'),
    shellArgs: z
      .array(z.string(), { error: (issue) => `${PREFIX} shellArgs must be an array of strings (got ${show(issue.input)})` })
      .default([])
      .describe('Shell arguments; empty means the dialect default (--noprofile --norc -i).'),
    ...NumbersShape,
  })
  .superRefine((cfg, ctx) => {
    if (cfg.backendType.trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['backendType'], message: `${PREFIX} backendType must be a non-empty string (got ${show(cfg.backendType)})` })
    }
    if (cfg.shellPath !== '' && cfg.shellPath.trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['shellPath'], message: `${PREFIX} shellPath must be a non-empty path, or "" for the dialect default (got ${show(cfg.shellPath)})` })
    }
    if (cfg.maxReadBytes > cfg.scrollbackMaxBytes) {
      ctx.addIssue({
        code: 'custom',
        path: ['maxReadBytes'],
        message: `${PREFIX} maxReadBytes (${cfg.maxReadBytes}) must not exceed scrollbackMaxBytes (${cfg.scrollbackMaxBytes})`,
      })
    }
    if (cfg.handoffGraceMs < cfg.pollIntervalMs) {
      ctx.addIssue({
        code: 'custom',
        path: ['handoffGraceMs'],
        message: `${PREFIX} handoffGraceMs (${cfg.handoffGraceMs}) must be at least pollIntervalMs (${cfg.pollIntervalMs}) so the grace can contain one readiness poll`,
      })
    }
  })
  .transform((cfg) => ({
    ...cfg,
    shellPath: cfg.shellPath === '' ? DIALECT_DEFAULTS[cfg.shellDialect].shellPath : cfg.shellPath,
    shellArgs: cfg.shellArgs.length === 0 ? [...DIALECT_DEFAULTS[cfg.shellDialect].shellArgs] : cfg.shellArgs,
  }))

/**
 * dsh-terminal-bash config. An omitted or null config gets every default. Numbers are
 * positive safe integers; `maxReadBytes <= scrollbackMaxBytes`; `handoffGraceMs >=
 * pollIntervalMs`; messages start with `terminal-bash:` and name the field and value.
 */
export const Config = z.preprocess((value) => value ?? {}, Inner)
export type Config = z.output<typeof Config>
/** What a caller may pass (every field optional). */
export type ConfigInput = z.input<typeof Inner>

/** Validate a config (throws the zod error with the messages above). */
export function parseConfig(input?: ConfigInput | null): Config {
  return Config.parse(input)
}
