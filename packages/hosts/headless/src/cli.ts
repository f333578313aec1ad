#!/usr/bin/env node
import { resolve } from 'node:path'
import { parseCliArgs, USAGE } from './cli-args'
import { type HeadlessHost, createHeadlessHost } from './host'
import { serve } from './serve'

/**
 * After a clean shutdown the process should exit by itself once the event loop drains; if a
 * plugin leaked a handle, exit anyway after this long (the composition is already disposed).
 */
const EXIT_GRACE_MS = 2_000

/** Conventional exit codes of a forced stop: 128 + the signal number. */
const SIGNAL_EXIT: Record<'SIGINT' | 'SIGTERM', number> = { SIGINT: 130, SIGTERM: 143 }

const log = (line: string) => { process.stderr.write(`${line}\n`) }

async function main(): Promise<number> {
  const args = parseCliArgs(process.argv.slice(2))
  if (args.kind === 'help') {
    process.stdout.write(`${USAGE}\n`)
    return 0
  }
  if (args.kind === 'error') {
    log(`dsh: ${args.message}\n${USAGE}`)
    return 2
  }

  let host: HeadlessHost | undefined
  let signals = 0
  const onSignal = (signal: 'SIGINT' | 'SIGTERM') => {
    signals++
    if (signals > 1) {
      log(`[warn] headless: second ${signal}: forcing exit without waiting for disposal`)
      process.exit(SIGNAL_EXIT[signal])
    }
    log(`[info] headless: ${signal}: shutting down (send it again to force exit)`)
    void host?.shutdown()
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)

  const configPath = resolve(args.config)
  try {
    host = await createHeadlessHost({ configPath, log })
  } catch (error) {
    const code = typeof error === 'object' && error !== null && 'code' in error ? `${String((error as { code: unknown }).code)}: ` : ''
    log(`dsh headless: ${code}${error instanceof Error ? error.message : String(error)}`)
    return 1
  }
  for (const problem of host.problems()) log(`[warn] headless: entry not running: ${problem}`)
  log(`[info] headless: serving ${configPath} (JSON lines on stdin/stdout)`)
  if (signals > 0) void host.shutdown()
  await serve(host, process.stdin, process.stdout)
  return 0
}

const code = await main()
process.exitCode = code
process.stdin.destroy()
setTimeout(() => {
  log(`[warn] headless: something kept the process alive ${EXIT_GRACE_MS} ms after shutdown; exiting`)
  process.exit(code)
}, EXIT_GRACE_MS).unref()
