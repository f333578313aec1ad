#!/usr/bin/env node
import { resolve } from 'node:path'
import { describeError, exitWhenDrained, onStopSignals, stderrSink } from 'dsh-host'
import { parseCliArgs, USAGE } from './cli-args'
import { type HeadlessHost, createHeadlessHost } from './host'
import { serve } from './serve'

const log = stderrSink

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
  const signals = onStopSignals('headless', log, () => { void host?.shutdown() })

  const configPath = resolve(args.config)
  try {
    host = await createHeadlessHost({ configPath, log })
  } catch (error) {
    log(`dsh headless: ${describeError(error)}`)
    return 1
  }
  for (const problem of host.problems()) log(`[warn] headless: entry not running: ${problem}`)
  log(`[info] headless: serving ${configPath} (JSON lines on stdin/stdout)`)
  if (signals() > 0) void host.shutdown()
  await serve(host, process.stdin, process.stdout)
  return 0
}

exitWhenDrained('headless', log, await main())
