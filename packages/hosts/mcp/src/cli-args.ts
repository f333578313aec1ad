// @dsh-pure
/** Command-line parsing for `dsh mcp [--config FILE] [--http [--port N] [--host H] ...]`. */

export const USAGE = `usage: dsh mcp [--config FILE] [--workspace DIR] [--http [--port N] [--host H] [--token-file FILE] [--max-sessions N] [--idle-timeout SECONDS]]

  Serves the composition's tools to an MCP client: over stdio by default (one agent for the
  process), or over streamable HTTP with --http (one agent per session; every request needs
  "Authorization: Bearer <token>": DSH_MCP_TOKEN, --token-file, or a token printed on stderr).
  FILE defaults to the repository's cordis.yml; shells are confined to the directory the
  server starts in (or DIR). Logs go to stderr; stdout carries only the protocol.
  Example: claude mcp add dsh -- node <repo>/packages/hosts/mcp/lib/cli.js`

export const DEFAULT_HTTP_HOST = '127.0.0.1'
export const DEFAULT_HTTP_PORT = 7331

export interface HttpArgs {
  readonly host: string
  readonly port: number
  readonly tokenFile?: string
  readonly maxSessions: number
  readonly idleTimeoutMs: number
}

export type McpCliArgs =
  | { readonly kind: 'serve'; readonly config?: string; readonly workspace?: string; readonly http?: HttpArgs }
  | { readonly kind: 'help' }
  | { readonly kind: 'error'; readonly message: string }

export interface Defaults {
  readonly maxSessions: number
  readonly idleTimeoutMs: number
}

const VALUE_FLAGS = ['--config', '--workspace', '--port', '--host', '--token-file', '--max-sessions', '--idle-timeout'] as const
type ValueFlag = (typeof VALUE_FLAGS)[number]
const HTTP_ONLY: readonly ValueFlag[] = ['--port', '--host', '--token-file', '--max-sessions', '--idle-timeout']

function integer(flag: string, value: string, min: number, max: number): number | { error: string } {
  const n = /^\d+$/.test(value) ? Number(value) : Number.NaN
  if (!Number.isSafeInteger(n) || n < min || n > max) return { error: `${flag} needs an integer from ${min} to ${max} (got ${JSON.stringify(value)})` }
  return n
}

/** Parse argv after the script name; a leading `mcp` command word is optional. */
export function parseMcpArgs(argv: readonly string[], defaults: Defaults): McpCliArgs {
  if (argv.includes('--help') || argv.includes('-h')) return { kind: 'help' }
  const rest = argv[0] === 'mcp' ? argv.slice(1) : argv
  const values = new Map<ValueFlag, string>()
  let http = false
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!
    if (arg === '--http') { http = true; continue }
    const eq = arg.indexOf('=')
    const flag = (eq === -1 ? arg : arg.slice(0, eq)) as ValueFlag
    if (!VALUE_FLAGS.includes(flag)) return { kind: 'error', message: `unknown argument "${arg}"` }
    const value = eq === -1 ? rest[++i] : arg.slice(eq + 1)
    if (value === undefined || value === '' || (eq === -1 && value.startsWith('--'))) return { kind: 'error', message: `${flag} needs a value` }
    if (values.has(flag)) return { kind: 'error', message: `${flag} was given twice` }
    values.set(flag, value)
  }
  const config = values.get('--config')
  const workspace = values.get('--workspace')
  const common = { ...(config !== undefined ? { config } : {}), ...(workspace !== undefined ? { workspace } : {}) }
  if (!http) {
    const stray = HTTP_ONLY.find((f) => values.has(f))
    if (stray) return { kind: 'error', message: `${stray} applies to --http only; add --http to serve over HTTP` }
    return { kind: 'serve', ...common }
  }
  const port = integer('--port', values.get('--port') ?? String(DEFAULT_HTTP_PORT), 0, 65535)
  if (typeof port !== 'number') return { kind: 'error', message: port.error }
  const maxSessions = integer('--max-sessions', values.get('--max-sessions') ?? String(defaults.maxSessions), 1, 10_000)
  if (typeof maxSessions !== 'number') return { kind: 'error', message: maxSessions.error }
  const idle = values.get('--idle-timeout')
  const idleSeconds = idle === undefined ? undefined : integer('--idle-timeout', idle, 1, 7 * 24 * 3600)
  if (typeof idleSeconds === 'object') return { kind: 'error', message: idleSeconds.error }
  const tokenFile = values.get('--token-file')
  return {
    kind: 'serve',
    ...common,
    http: {
      host: values.get('--host') ?? DEFAULT_HTTP_HOST,
      port,
      ...(tokenFile !== undefined ? { tokenFile } : {}),
      maxSessions,
      idleTimeoutMs: idleSeconds === undefined ? defaults.idleTimeoutMs : idleSeconds * 1000,
    },
  }
}
