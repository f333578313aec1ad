// @dsh-pure
import { SandboxError } from './errors'
import { SANDBOX_MODES, type SandboxMode } from './types'

/** True for exactly the three sandbox modes. */
export function isSandboxMode(value: unknown): value is SandboxMode {
  return (SANDBOX_MODES as readonly unknown[]).includes(value)
}

/** Describe any value briefly and safely for an error message. */
function show(value: unknown): string {
  let text: string
  try {
    text = typeof value === 'object' && value !== null ? JSON.stringify(value) : typeof value === 'string' ? JSON.stringify(value) : String(value)
  } catch {
    text = Object.prototype.toString.call(value)
  }
  return text.length > 80 ? `${text.slice(0, 77)}...` : text
}

/** The mode, or INVALID_MODE naming the value and the valid choices. */
export function parseSandboxMode(value: unknown, what = 'sandbox mode'): SandboxMode {
  if (isSandboxMode(value)) return value
  throw new SandboxError('INVALID_MODE', `${what} ${show(value)} is not one of ${SANDBOX_MODES.join(', ')}; pick one of them (nothing was changed)`)
}

/** The mode recorded by a `sandbox/mode` event's data (`{ mode }`), or INVALID_MODE. */
export function modeOfEventData(data: unknown): SandboxMode {
  const mode = typeof data === 'object' && data !== null && 'mode' in data ? (data as { mode: unknown }).mode : undefined
  if (mode === undefined) {
    throw new SandboxError('INVALID_MODE', `a sandbox/mode event needs data { mode }, got ${show(data)}; use ctx.sandboxPolicy.setSandboxMode(agent, mode)`)
  }
  return parseSandboxMode(mode, 'sandbox/mode event mode')
}
