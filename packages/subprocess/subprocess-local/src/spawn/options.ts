// @dsh-pure
import { type SpawnTerminalOptions, SubprocessError } from 'dsh-subprocess'

/** Largest accepted terminal dimension (rows or cols). */
export const MAX_TERMINAL_DIMENSION = 10_000
/** Largest accepted teardown grace: ten minutes. */
export const MAX_GRACE_MS = 600_000

export interface SpawnDefaults {
  readonly rows: number
  readonly cols: number
  readonly graceMs: number
}

/** Options after validation, defaults applied. */
export interface NormalizedSpawn {
  readonly argv: readonly string[]
  readonly cwd: string
  readonly env: Readonly<Record<string, string>>
  readonly rows: number
  readonly cols: number
  readonly graceMs: number
}

const invalid = (message: string) => new SubprocessError('INVALID_ARGUMENT', `spawnTerminal: ${message}`)

function intIn(field: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw invalid(`${field} must be an integer from ${min} to ${max}, got ${JSON.stringify(value)}`)
  }
  return value
}

/** Check the shape of spawn options; throws INVALID_ARGUMENT naming the field and value. */
export function normalizeSpawnOptions(options: SpawnTerminalOptions, defaults: SpawnDefaults): NormalizedSpawn {
  const { argv, cwd, env = {} } = options
  if (!Array.isArray(argv) || argv.length === 0 || !argv.every((a) => typeof a === 'string')) {
    throw invalid(`argv must be a non-empty array of strings, got ${JSON.stringify(argv)}`)
  }
  if (argv[0] === '' || argv.some((a) => a.includes('\0'))) {
    throw invalid('argv[0] must be non-empty and no argument may contain a NUL byte')
  }
  if (typeof cwd !== 'string' || cwd === '' || cwd.includes('\0')) {
    throw invalid(`cwd must be a non-empty path, got ${JSON.stringify(cwd)}`)
  }
  if (typeof env !== 'object' || env === null) throw invalid('env must be an object of strings')
  for (const [name, value] of Object.entries(env)) {
    if (name === '' || name.includes('=') || name.includes('\0') || typeof value !== 'string' || value.includes('\0')) {
      throw invalid(`env entry ${JSON.stringify(name)} must have a name without "=" or NUL and a string value without NUL`)
    }
  }
  return {
    argv: [...argv],
    cwd,
    env: { ...env },
    rows: intIn('rows', options.rows ?? defaults.rows, 1, MAX_TERMINAL_DIMENSION),
    cols: intIn('cols', options.cols ?? defaults.cols, 1, MAX_TERMINAL_DIMENSION),
    graceMs: intIn('graceMs', options.graceMs ?? defaults.graceMs, 0, MAX_GRACE_MS),
  }
}

/** Check resize arguments the same way. */
export function checkSize(rows: unknown, cols: unknown): { rows: number; cols: number } {
  return { rows: intIn('rows', rows, 1, MAX_TERMINAL_DIMENSION), cols: intIn('cols', cols, 1, MAX_TERMINAL_DIMENSION) }
}

/** execvp's search path when the environment has no PATH (glibc's _CS_PATH). */
export const DEFAULT_SEARCH_PATH = '/bin:/usr/bin'

/**
 * Where execvp will look for `program`, in order: the path itself (relative to cwd) when it
 * holds a slash, otherwise each PATH entry (an empty entry is the working directory).
 */
export function executableCandidates(program: string, cwd: string, searchPath: string | undefined): string[] {
  const absolute = (p: string) => (p.startsWith('/') ? p : `${cwd.replace(/\/+$/, '')}/${p}`)
  if (program.includes('/')) return [absolute(program)]
  return (searchPath ?? DEFAULT_SEARCH_PATH).split(':').map((dir) => `${absolute(dir === '' ? '.' : dir).replace(/\/+$/, '')}/${program}`)
}
