import * as z from 'zod'
import { MAX_GRACE_MS, MAX_TERMINAL_DIMENSION } from './spawn/options'

/** Largest accepted maxProcesses (the kernel's pid_max limit). */
export const MAX_PROCESSES = 4_194_304
/** Smallest accepted memory limit other than 0: a bash and its readline need a few MiB. */
export const MIN_MEMORY_BYTES = 16 * 1024 * 1024

const integer = (field: string, min: number, max: number, minNote = '') =>
  z.number().int(`subprocess: ${field} must be an integer`).min(min, `subprocess: ${field} must be at least ${min}${minNote}`)
    .max(max, `subprocess: ${field} must be at most ${max}`)

/** dsh-subprocess-local configuration; every field has a default. */
export const Config = z.preprocess((value) => value ?? {}, z.object({
  defaultGraceMs: integer('defaultGraceMs', 0, MAX_GRACE_MS).default(3000)
    .describe('Teardown wait between SIGTERM and SIGKILL when a spawn passes no graceMs.'),
  defaultRows: integer('defaultRows', 1, MAX_TERMINAL_DIMENSION).default(24).describe('Terminal rows when a spawn passes none.'),
  defaultCols: integer('defaultCols', 1, MAX_TERMINAL_DIMENSION).default(80).describe('Terminal columns when a spawn passes none.'),
  maxProcesses: integer('maxProcesses', 0, MAX_PROCESSES, ' (0: no limit)').default(1024)
    .describe("Processes and threads one session may hold at once (its cgroup's pids.max); a fork past it fails with EAGAIN. 0: no limit. Needs session cgroups."),
  maxMemoryBytes: integer('maxMemoryBytes', 0, Number.MAX_SAFE_INTEGER, ' (0: no limit)')
    .refine((v) => v === 0 || v >= MIN_MEMORY_BYTES, `subprocess: maxMemoryBytes must be 0 (no limit) or at least ${MIN_MEMORY_BYTES} (16 MiB: a shell needs a few MiB to start)`)
    .default(0)
    .describe("Memory one session may use (its cgroup's memory.max); past it the kernel reclaims and then OOM-kills inside the session. 0: no limit. Needs session cgroups."),
  cgroups: z.enum(['auto', 'off'], { error: (issue) => `subprocess: cgroups must be "auto" or "off" (got ${JSON.stringify(issue.input)})` })
    .default('auto')
    .describe('"auto": each session in its own cgroup where the cgroup tree is writable (teardown kills the cgroup; a restart reaps what a crashed host left); "off": never (teardown scans /proc).'),
}))
export type Config = z.output<typeof Config>
