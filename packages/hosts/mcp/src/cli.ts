#!/usr/bin/env node
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createHost, describeError, exitWhenDrained, type Host, onStopSignals, stderrSink } from 'dsh-host'
import { parseMcpArgs, USAGE } from './cli-args'
import { isLocalHost } from './http/origin'
import { serveHttp } from './http/server'
import { DEFAULT_IDLE_TIMEOUT_MS, DEFAULT_MAX_SESSIONS } from './http/sessions'
import { serveStdio } from './stdio'
import { resolveToken } from './token'

/** The repository's cordis.yml (this file is packages/hosts/mcp/lib/cli.js). */
const DEFAULT_CONFIG = fileURLToPath(new URL('../../../../cordis.yml', import.meta.url))

const log = stderrSink

/**
 * The workspace is the directory the client started the server in. `pnpm dsh mcp` runs in
 * the repository root, so go back to where pnpm was invoked (INIT_CWD) first.
 */
function enterClientDirectory(): void {
  const { INIT_CWD, npm_lifecycle_event, npm_package_name } = process.env
  if (INIT_CWD && npm_lifecycle_event === 'dsh' && npm_package_name === 'dsh-pty-sessions') process.chdir(INIT_CWD)
}

async function main(): Promise<number> {
  const args = parseMcpArgs(process.argv.slice(2), { maxSessions: DEFAULT_MAX_SESSIONS, idleTimeoutMs: DEFAULT_IDLE_TIMEOUT_MS })
  if (args.kind === 'help') {
    process.stderr.write(`${USAGE}\n`)
    return 0
  }
  if (args.kind === 'error') {
    log(`dsh mcp: ${args.message}\n${USAGE}`)
    return 2
  }
  enterClientDirectory()
  if (args.workspace !== undefined) {
    try {
      process.chdir(args.workspace)
    } catch (error) {
      log(`dsh mcp: --workspace ${args.workspace}: ${(error as NodeJS.ErrnoException).code ?? String(error)}; pass an existing directory`)
      return 2
    }
  }
  const configPath = args.config === undefined ? DEFAULT_CONFIG : resolve(args.config)

  let host: Host | undefined
  let stop: () => Promise<void> = async () => { await host?.shutdown() }
  const signals = onStopSignals('mcp', log, () => { void stop() })

  try {
    const token = args.http ? resolveToken(process.env, args.http.tokenFile) : undefined
    host = await createHost({ configPath, log })
    for (const problem of host.problems()) log(`[warn] mcp: entry not running: ${problem}`)
    if (!args.http || !token) {
      log(`[info] mcp: serving ${configPath} over stdio; workspace ${process.cwd()}`)
      if (signals() > 0) void host.shutdown()
      await serveStdio(host)
      return 0
    }
    if (!isLocalHost(args.http.host)) log(`[warn] mcp: listening on ${args.http.host}: other machines can reach the server; the token is all that guards it`)
    const server = await serveHttp(host, { ...args.http, token: token.token })
    const core = host
    stop = async () => { await server.close(); await core.shutdown() }
    log(`[info] mcp: serving ${configPath} on ${server.url} (${args.http.maxSessions} sessions at most, idle ones end after ${Math.round(args.http.idleTimeoutMs / 1000)} s); workspace ${process.cwd()}`)
    if (token.source === 'generated') {
      log(`[info] mcp: generated a token for this run (set DSH_MCP_TOKEN or --token-file to choose one). Add the server to a client:\n  claude mcp add --transport http dsh ${server.url} --header "Authorization: Bearer ${token.token}"`)
    }
    if (signals() > 0) void stop()
    await core.stoppingStarted
    await stop()
    return 0
  } catch (error) {
    log(`dsh mcp: ${describeError(error)}`)
    await host?.shutdown().catch(() => {})
    return 1
  }
}

exitWhenDrained('mcp', log, await main())
