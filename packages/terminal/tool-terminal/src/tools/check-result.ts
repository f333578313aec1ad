// @dsh-pure
import type { TerminalSessionStatus } from 'dsh-terminal'
import type * as z from 'zod'
import { TerminalToolError } from '../errors'

/** Check a structured result against its closed schema; a mismatch is a backend bug. */
export function checkResult<S extends z.ZodType>(tool: string, schema: S, value: unknown): z.output<S> {
  const checked = schema.safeParse(value)
  if (checked.success) return checked.data
  const issues = checked.error.issues.slice(0, 3).map((i) => `${i.path.join('.') || '(result)'}: ${i.message}`).join('; ')
  throw new TerminalToolError(
    'INVALID_RESULT',
    `${tool}: the terminal backend returned a result outside the tool contract (${issues}); this is a backend bug, report it with the session type`,
  )
}

/** A session status with exactly the contract's fields (a backend may carry more). */
export function copyStatus(status: TerminalSessionStatus): TerminalSessionStatus {
  return status.kind === 'running'
    ? { kind: 'running' }
    : { kind: 'exited', exitCode: status.exitCode, signal: status.signal }
}
