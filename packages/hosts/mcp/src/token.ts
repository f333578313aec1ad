import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { McpFrontError } from './errors'

/** Bytes of a generated token (256 bits, base64url). */
const TOKEN_BYTES = 32

export interface ResolvedToken {
  readonly token: string
  /** Where it came from; a generated token is printed once on stderr. */
  readonly source: 'env' | 'file' | 'generated'
}

/** The bearer token: DSH_MCP_TOKEN, else the --token-file's first line, else a random one. */
export function resolveToken(env: NodeJS.ProcessEnv, tokenFile: string | undefined): ResolvedToken {
  if (tokenFile !== undefined) {
    let text: string
    try {
      text = readFileSync(tokenFile, 'utf8')
    } catch (error) {
      throw new McpFrontError('TOKEN_FILE_UNREADABLE', `cannot read the token file ${tokenFile} (${(error as NodeJS.ErrnoException).code ?? String(error)}); pass a readable file holding the token`, { cause: error })
    }
    const token = text.split('\n')[0]!.trim()
    if (token === '') throw new McpFrontError('TOKEN_EMPTY', `the token file ${tokenFile} is empty; write the token on its first line`)
    return { token, source: 'file' }
  }
  const fromEnv = env.DSH_MCP_TOKEN?.trim()
  if (fromEnv) return { token: fromEnv, source: 'env' }
  return { token: randomBytes(TOKEN_BYTES).toString('base64url'), source: 'generated' }
}
