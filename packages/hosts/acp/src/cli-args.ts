// @dsh-pure
/** Command-line parsing for `dsh-acp [--config FILE]`. */

export const USAGE = `usage: dsh-acp [--config FILE]   (or: pnpm dsh acp [--config FILE])

  An ACP agent over stdio (newline-delimited JSON-RPC) for editors such as Zed, JetBrains
  IDEs and Neovim, or acpx. Each ACP session is one agent: a model (ctx.model, through
  ctx.agentLoop) that calls the composition's tools, persistent terminals included.
  FILE defaults to the repository's examples/acp/pty.cordis.yml (DeepSeek; the key in
  DEEPSEEK_API_KEY). Logs go to stderr; stdout carries only the protocol.
  Example (Zed settings.json): "agent_servers": { "dsh": { "command": "node",
    "args": ["<repo>/packages/hosts/acp/lib/cli.js"] } }`

export type AcpCliArgs =
  | { readonly kind: 'serve'; readonly config?: string }
  | { readonly kind: 'help' }
  | { readonly kind: 'error'; readonly message: string }

/** Parse argv after the script name; a leading `acp` command word is optional. */
export function parseAcpArgs(argv: readonly string[]): AcpCliArgs {
  if (argv.includes('--help') || argv.includes('-h')) return { kind: 'help' }
  const rest = argv[0] === 'acp' ? argv.slice(1) : argv
  let config: string | undefined
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!
    let value: string | undefined
    if (arg === '--config') value = rest[++i]
    else if (arg.startsWith('--config=')) value = arg.slice('--config='.length)
    else return { kind: 'error', message: `unknown argument "${arg}"` }
    if (value === undefined || value === '' || value.startsWith('--')) return { kind: 'error', message: '--config needs a file path, e.g. --config examples/acp/pty.cordis.yml' }
    if (config !== undefined) return { kind: 'error', message: '--config was given twice; pass one composition file' }
    config = value
  }
  return config === undefined ? { kind: 'serve' } : { kind: 'serve', config }
}
