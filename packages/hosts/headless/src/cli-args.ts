// @dsh-pure
/** Command-line parsing for `dsh headless [--config FILE]`. */

export const USAGE = `usage: dsh headless [--config FILE]

  Loads a Cordis composition (default: cordis.yml in the current directory, the repo root
  under \`pnpm dsh\`) and serves tool calls as JSON lines on stdin/stdout. Logs go to stderr.
  Example: echo '{"id":1,"op":"tools","agent":"a"}' | pnpm dsh headless`

export type CliArgs =
  | { readonly kind: 'headless'; readonly config: string }
  | { readonly kind: 'help' }
  | { readonly kind: 'error'; readonly message: string }

export const DEFAULT_CONFIG = 'cordis.yml'

/** Parse argv after the script name (process.argv.slice(2)). */
export function parseCliArgs(argv: readonly string[]): CliArgs {
  if (argv.includes('--help') || argv.includes('-h')) return { kind: 'help' }
  const [command, ...rest] = argv
  if (command === undefined) return { kind: 'error', message: 'missing command: the only command is "headless"' }
  if (command !== 'headless') return { kind: 'error', message: `unknown command "${command}": the only command is "headless"` }
  let config: string | undefined
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!
    let value: string | undefined
    if (arg === '--config') {
      value = rest[++i]
      if (value === undefined || value.startsWith('--')) return { kind: 'error', message: '--config needs a file path, e.g. --config examples/base/cordis.yml' }
    } else if (arg.startsWith('--config=')) {
      value = arg.slice('--config='.length)
      if (value === '') return { kind: 'error', message: '--config= needs a file path, e.g. --config=examples/base/cordis.yml' }
    } else return { kind: 'error', message: `unknown argument "${arg}"` }
    if (config !== undefined) return { kind: 'error', message: '--config was given twice; pass one composition file' }
    config = value
  }
  return { kind: 'headless', config: config ?? DEFAULT_CONFIG }
}
