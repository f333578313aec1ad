import type { IncomingMessage } from 'node:http'

/** Largest request body read (the SDK transport's own default bound). */
export const MAX_BODY_BYTES = 4 * 1024 * 1024

export type BodyResult =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly status: 400 | 413; readonly code: number; readonly message: string }

/** JSON-RPC's code for a body that is not JSON. */
const PARSE_ERROR = -32700

/** Read and parse a JSON body, at most MAX_BODY_BYTES (a larger one is refused unread). */
export async function readJsonBody(req: IncomingMessage): Promise<BodyResult> {
  const declared = Number(req.headers['content-length'])
  const tooLarge = { ok: false as const, status: 413 as const, code: PARSE_ERROR, message: `the request body is larger than ${MAX_BODY_BYTES} bytes; send smaller messages` }
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) return tooLarge
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > MAX_BODY_BYTES) return tooLarge
    chunks.push(chunk as Buffer)
  }
  const text = Buffer.concat(chunks).toString('utf8')
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error)
    return { ok: false, status: 400, code: PARSE_ERROR, message: `Parse error: the request body is not valid JSON (${why}); send one JSON-RPC message (or a batch) per POST` }
  }
}
