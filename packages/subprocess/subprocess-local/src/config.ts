import * as z from 'zod'
import { MAX_GRACE_MS, MAX_TERMINAL_DIMENSION } from './spawn/options'

const dimension = (field: string, fallback: number) =>
  z.number().int(`subprocess: ${field} must be an integer`).min(1, `subprocess: ${field} must be at least 1`)
    .max(MAX_TERMINAL_DIMENSION, `subprocess: ${field} must be at most ${MAX_TERMINAL_DIMENSION}`).default(fallback)

/** dsh-subprocess-local configuration; every field has a default. */
export const Config = z.preprocess((value) => value ?? {}, z.object({
  /** Teardown grace between SIGTERM and SIGKILL when a spawn does not pass graceMs. */
  defaultGraceMs: z.number().int('subprocess: defaultGraceMs must be an integer')
    .min(0, 'subprocess: defaultGraceMs must be at least 0')
    .max(MAX_GRACE_MS, `subprocess: defaultGraceMs must be at most ${MAX_GRACE_MS}`).default(3000),
  /** Terminal rows when a spawn does not pass rows. */
  defaultRows: dimension('defaultRows', 24),
  /** Terminal columns when a spawn does not pass cols. */
  defaultCols: dimension('defaultCols', 80),
}))
export type Config = z.output<typeof Config>
