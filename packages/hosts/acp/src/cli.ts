#!/usr/bin/env node
import { createRequire } from 'node:module'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createHost, describeError, exitWhenDrained, type Host, onStopSignals, stderrSink } from 'dsh-host'
import { parseAcpArgs, USAGE } from './cli-args'
import { checkReady } from './ready'
import { serveAcp } from './serve'

/** The composition served without --config: the ACP example with the terminal family. */
export const DEFAULT_CONFIG = fileURLToPath(new URL('../../../../examples/acp/pty.cordis.yml', import.meta.url))

const log = stderrSink
const { version } = createRequire(import.meta.url)('../package.json') as { version: string }

async function main(): Promise<number> {
  const args = parseAcpArgs(process.argv.slice(2))
  if (args.kind === 'help') { process.stderr.write(`${USAGE}\n`); return 0 }
  if (args.kind === 'error') { log(`dsh-acp: ${args.message}\n${USAGE}`); return 2 }
  // `pnpm dsh acp` runs in the repository root: relative paths mean where pnpm was invoked
  const { INIT_CWD, npm_lifecycle_event: event } = process.env
  if (INIT_CWD && event === 'dsh') process.chdir(INIT_CWD)
  const configPath = args.config === undefined ? DEFAULT_CONFIG : resolve(args.config)
  let host: Host | undefined
  const signals = onStopSignals('acp', log, () => { void host?.shutdown() })
  try {
    host = await createHost({ configPath, log })
  } catch (error) {
    log(`dsh-acp: ${describeError(error)}`)
    return 1
  }
  for (const problem of host.problems()) log(`[warn] acp: entry not running: ${problem}`)
  const ready = checkReady(host)
  if (!ready.ok) {
    log(`dsh-acp: cannot serve ${configPath}: ${ready.message}`)
    await host.shutdown()
    return 1
  }
  log(`[info] acp: serving ${configPath} with ${ready.model.description} (ACP over stdin/stdout)`)
  if (signals() > 0) void host.shutdown()
  await serveAcp({ host, loop: ready.loop, version })
  return 0
}

exitWhenDrained('acp', log, await main())
