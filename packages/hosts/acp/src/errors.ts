// @dsh-pure
import { RequestError } from '@agentclientprotocol/sdk'
import { ModelError } from 'dsh-model'

/** What the ACP front itself refuses (model failures keep their ModelError code). */
export type AcpErrorCode =
  | 'UNKNOWN_SESSION'
  | 'UNKNOWN_MODE'
  | 'NO_SANDBOX_POLICY'
  | 'MODE_REFUSED'
  | 'PROMPT_RUNNING'
  | 'BAD_WORKSPACE'
  | 'NO_MODEL'

/** JSON-RPC error codes: ACP's "resource not found" and "auth required", and the standard ones. */
const RESOURCE_NOT_FOUND = -32002
const AUTH_REQUIRED = -32000
const INVALID_PARAMS = -32602
const INTERNAL_ERROR = -32603

const RPC_CODE: Record<AcpErrorCode, number> = {
  UNKNOWN_SESSION: RESOURCE_NOT_FOUND,
  UNKNOWN_MODE: INVALID_PARAMS,
  NO_SANDBOX_POLICY: INTERNAL_ERROR,
  MODE_REFUSED: INTERNAL_ERROR,
  PROMPT_RUNNING: INTERNAL_ERROR,
  BAD_WORKSPACE: INVALID_PARAMS,
  NO_MODEL: INTERNAL_ERROR,
}

/** A JSON-RPC error whose message says what happened and what to do; `data.code` is ours. */
export function acpError(code: AcpErrorCode, message: string): RequestError {
  return new RequestError(RPC_CODE[code], message, { code })
}

/**
 * The JSON-RPC error of a failed request: a model failure keeps its code (and retry-after);
 * any other coded error (e.g. the agent registry's AGENT_LIMIT) keeps its code and message.
 */
export function requestErrorOf(error: unknown): RequestError {
  if (error instanceof RequestError) return error
  if (error instanceof ModelError) {
    const data = error.retryAfterMs === undefined ? { code: error.code } : { code: error.code, retryAfterMs: error.retryAfterMs }
    return new RequestError(error.code === 'AUTH' ? AUTH_REQUIRED : INTERNAL_ERROR, `the model failed (${error.code}): ${error.message}`, data)
  }
  const code = typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : 'INTERNAL'
  return new RequestError(INTERNAL_ERROR, error instanceof Error ? error.message : String(error), { code })
}
