import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { TerminalBashError } from '../errors'

/** Bytes of randomness in the marker nonce (128 bits: unguessable by program output). */
const NONCE_BYTES = 16

let cached: string | undefined

/**
 * The shell integration script, read from the `.sh` file shipped beside this module
 * (`src/shell/` in the source tree, `lib/` in the build).
 */
export function integrationScript(): string {
  if (cached !== undefined) return cached
  const url = new URL('./integration.sh', import.meta.url)
  try {
    cached = readFileSync(url, 'utf8')
  } catch (cause) {
    throw new TerminalBashError(
      'SHELL_INTEGRATION_MISSING',
      `terminal-bash: the shell integration script ${url.pathname} could not be read; reinstall or rebuild dsh-terminal-bash`,
      { cause },
    )
  }
  return cached
}

/** A fresh per-session secret for the prompt marker. */
export function newNonce(): string {
  return randomBytes(NONCE_BYTES).toString('hex')
}
