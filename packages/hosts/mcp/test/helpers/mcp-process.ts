import { type ChildProcess, type ChildProcessWithoutNullStreams, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { type CallToolResult, type LoggingMessageNotification, LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js'

// Real clients against the real server process: the SDK's own Client over its stdio and
// streamable HTTP transports, driving `node packages/hosts/mcp/lib/cli.js`.

/** What a client config runs. */
export const CLI = fileURLToPath(new URL('../../lib/cli.js', import.meta.url))
/** Bound of every wait on the server; only reached when a test is failing. */
export const WAIT_MS = 20_000

export type LogParams = LoggingMessageNotification['params']

export interface Connected {
  readonly client: Client
  readonly notifications: LogParams[]
  /** Errors the client transport reported (a non-protocol stdout line would be one). */
  readonly errors: Error[]
  call(name: string, args: Record<string, unknown>): Promise<CallToolResult>
}

function connected(client: Client): Connected {
  const notifications: LogParams[] = []
  const errors: Error[] = []
  client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => { notifications.push(n.params) })
  client.onerror = (error) => { errors.push(error) }
  return {
    client,
    notifications,
    errors,
    call: async (name, args) => (await client.callTool({ name, arguments: args })) as CallToolResult,
  }
}

/** The text of a tool result (its one text block). */
export function text(result: CallToolResult): string {
  const [block] = result.content
  if (block?.type !== 'text') throw new Error(`expected one text block, got ${JSON.stringify(result.content)}`)
  return block.text
}

export interface StdioServer extends Connected {
  readonly transport: StdioClientTransport
  readonly pid: number
  stderr(): string
  /** Close the server's stdin (EOF), as a client that goes away does. */
  endInput(): void
  /** The server's exit code once it exited, else null. */
  exitCode(): number | null
  close(): Promise<void>
}

/** Start the server over stdio in `cwd` and connect an SDK client to it. */
export async function startStdio(options: { cwd: string, args?: string[] }): Promise<StdioServer> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, ...(options.args ?? [])], cwd: options.cwd, stderr: 'pipe' })
  let stderr = ''
  transport.stderr?.on('data', (chunk: Buffer) => { stderr += chunk.toString('utf8') })
  const client = new Client({ name: 'dsh-test', version: '0.0.0' })
  const c = connected(client)
  await client.connect(transport)
  // the SDK transport keeps its child private (its close() ends stdin, then escalates to
  // SIGTERM after 2 s): the EOF test must see EOF alone do the work
  const spawned = (transport as unknown as { _process: ChildProcess })._process
  const child = () => spawned
  return {
    ...c,
    transport,
    pid: transport.pid!,
    stderr: () => stderr,
    endInput: () => { child().stdin!.end() },
    exitCode: () => child().exitCode,
    close: () => client.close(),
  }
}

export interface HttpServerProcess {
  readonly url: string
  readonly token: string
  readonly child: ChildProcessWithoutNullStreams
  stderr(): string
  readonly exited: Promise<{ code: number | null, signal: NodeJS.Signals | null }>
  /** A new session: an SDK client over streamable HTTP with the bearer token. */
  connect(token?: string): Promise<Connected & { transport: StreamableHTTPClientTransport }>
  /** SIGTERM (a clean shutdown) and wait for the exit. */
  stop(): Promise<{ code: number | null, signal: NodeJS.Signals | null }>
}

/** Start `cli.js --http --port 0` with a known token and wait for the URL on stderr. */
export async function startHttp(options: { cwd: string, args?: string[], token?: string }): Promise<HttpServerProcess> {
  const token = options.token ?? 'test-token-0123456789'
  const child = spawn(process.execPath, [CLI, '--http', '--port', '0', ...(options.args ?? [])], {
    cwd: options.cwd,
    env: { ...process.env, DSH_MCP_TOKEN: token },
    stdio: 'pipe',
  })
  let stderr = ''
  child.stderr.setEncoding('utf8')
  const exited = new Promise<{ code: number | null, signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })))
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server printed no URL; stderr:\n${stderr}`)), WAIT_MS)
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk
      const match = / on (http:\/\/\S+\/mcp) /.exec(stderr)
      if (match) { clearTimeout(timer); resolve(match[1]!) }
    })
    void exited.then(() => { clearTimeout(timer); reject(new Error(`the server exited; stderr:\n${stderr}`)) })
  })
  const transports: StreamableHTTPClientTransport[] = []
  return {
    url,
    token,
    child,
    stderr: () => stderr,
    exited,
    async connect(useToken = token) {
      const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${useToken}` } } })
      transports.push(transport)
      const client = new Client({ name: 'dsh-test', version: '0.0.0' })
      const c = connected(client)
      await client.connect(transport)
      return { ...c, transport }
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      const result = await exited
      await Promise.allSettled(transports.map((t) => t.close()))
      return result
    },
  }
}
