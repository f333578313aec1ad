import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server as NodeServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js'
import type { Host } from 'dsh-host'
import { McpFrontError } from '../errors'
import { McpSession } from '../session'
import { bearerCheck } from './auth'
import { readJsonBody } from './body'
import { originAllowed } from './origin'
import { type HttpSession, SessionTable } from './sessions'

/** The one path the server answers on. */
export const MCP_PATH = '/mcp'

/** JSON-RPC's code for server-defined errors (the MCP transport uses it for HTTP refusals). */
const SERVER_ERROR = -32000

export interface HttpOptions {
  readonly host: string
  readonly port: number
  readonly token: string
  readonly maxSessions: number
  readonly idleTimeoutMs: number
}

export interface HttpServer {
  /** The URL clients connect to, e.g. http://127.0.0.1:7331/mcp. */
  readonly url: string
  /** Stop accepting, end every session (every agent disposed), then resolve. */
  close(): Promise<void>
}

function refuse(res: ServerResponse, status: number, message: string, code = SERVER_ERROR, headers: Record<string, string> = {}): void {
  if (res.headersSent) return
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }))
}

/**
 * Serve MCP over streamable HTTP: one SDK transport and one McpSession (one agent) per
 * `Mcp-Session-Id`. Every request must come from this machine's pages or a non-browser
 * client (Origin) and carry the bearer token; sessions are capped and end when idle.
 */
export async function serveHttp(host: Host, options: HttpOptions): Promise<HttpServer> {
  const authorized = bearerCheck(options.token)
  const table = new SessionTable(host, options.maxSessions, options.idleTimeoutMs)

  const open = (req: IncomingMessage, res: ServerResponse, body: unknown) => {
    if (!isInitializeRequest(body)) {
      return refuse(res, 400, 'Bad Request: no Mcp-Session-Id header: start a session with an initialize request first')
    }
    if (table.full) {
      return refuse(res, 503, `the server already has ${table.size} sessions (the limit is ${table.max}); end one (HTTP DELETE) or wait for idle ones to expire, or start the server with a higher --max-sessions`)
    }
    let session: McpSession
    try {
      session = new McpSession(host)
    } catch (error) {
      return refuse(res, 503, `no agent could be created for a new session: ${error instanceof Error ? error.message : String(error)}`)
    }
    const entry: HttpSession = {
      session,
      transport: new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => { table.identify(entry, id) },
        // DELETE answers 200 only after this settled: every process of the agent is gone
        onsessionclosed: () => session.end(),
      }),
    }
    table.add(entry)
    session.server.onclose = () => {
      table.remove(entry)
      void session.end()
    }
    return session.connect(entry.transport).then(async () => {
      await entry.transport.handleRequest(req, res, body)
      // a failed initialize minted no session id: nothing can reach this session again
      if (entry.transport.sessionId === undefined) await session.end()
    })
  }

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname
    if (path !== MCP_PATH) return refuse(res, 404, `not found: the MCP endpoint is ${MCP_PATH}`)
    const origin = req.headers.origin
    if (!originAllowed(origin)) {
      return refuse(res, 403, `Forbidden: requests from the browser origin ${JSON.stringify(origin)} are refused (only pages on this machine may call this server)`)
    }
    if (!authorized(req.headers.authorization)) {
      return refuse(res, 401, 'Unauthorized: send the server token as "Authorization: Bearer <token>" (it is printed on the server\'s stderr, or set with DSH_MCP_TOKEN / --token-file)', SERVER_ERROR, { 'www-authenticate': 'Bearer' })
    }
    let body: unknown
    if (req.method === 'POST') {
      const read = await readJsonBody(req)
      if (!read.ok) return refuse(res, read.status, read.message, read.code, read.status === 413 ? { connection: 'close' } : {})
      body = read.value
    }
    const id = req.headers['mcp-session-id']
    if (id === undefined) {
      if (req.method !== 'POST') return refuse(res, 400, 'Bad Request: no Mcp-Session-Id header: start a session with an initialize request (POST) first')
      return open(req, res, body)
    }
    const entry = typeof id === 'string' ? table.get(id) : undefined
    // an ending session (DELETE, idle expiry, shutdown) is gone for its client at once
    if (!entry || entry.session.ending) return refuse(res, 404, 'Session not found: it ended (DELETE, idle expiry or a server restart); start a new one with initialize')
    await entry.transport.handleRequest(req, res, body)
  }

  const server: NodeServer = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      host.log(`[error] mcp: an HTTP request failed: ${error instanceof Error ? error.stack ?? error.message : String(error)}`)
      refuse(res, 500, 'Internal error: the server failed to handle the request; see its stderr log')
    })
  })
  await new Promise<void>((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => {
      reject(new McpFrontError('LISTEN_FAILED', `cannot listen on ${options.host}:${options.port} (${error.code ?? error.message}); pick another --port or --host`, { cause: error }))
    }
    server.once('error', failed)
    server.listen(options.port, options.host, () => { server.off('error', failed); resolve() })
  })
  const address = server.address() as AddressInfo
  const hostPart = address.family === 'IPv6' ? `[${address.address}]` : address.address
  let closing: Promise<void> | undefined
  return {
    url: `http://${hostPart}:${address.port}${MCP_PATH}`,
    close: () => (closing ??= (async () => {
      const stopped = new Promise<void>((resolve) => { server.close(() => resolve()) })
      await table.endAll()
      server.closeAllConnections()
      await stopped
    })()),
  }
}
