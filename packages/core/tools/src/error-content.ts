// @dsh-pure
import { truncateUtf8 } from './truncate-utf8'

/** Upper bound of the text of one error shown to the model (a message can be huge). */
export const MAX_ERROR_MESSAGE_BYTES = 8192

/** The code an error carries, when it carries a string `code`. */
export function errorCodeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined
  const code = (error as { code: unknown }).code
  return typeof code === 'string' && code.length > 0 ? code : undefined
}

export function errorMessageOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name
  return String(error)
}

/**
 * The model-visible text of a failed call: `Error [CODE]: message` when the error carries a
 * code, else `Error: message`. The message is bounded to MAX_ERROR_MESSAGE_BYTES.
 */
export function errorContent(code: string | undefined, message: string): string {
  const bounded = truncateUtf8(message, MAX_ERROR_MESSAGE_BYTES)
  return code === undefined ? `Error: ${bounded}` : `Error [${code}]: ${bounded}`
}
