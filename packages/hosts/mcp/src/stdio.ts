import type { Readable, Writable } from 'node:stream'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { backloggedOutput, type Host } from 'dsh-host'
import { McpSession } from './session'

/**
 * Serve one MCP session over a pair of streams (the process's stdin/stdout): one agent for
 * the process. Resolves once input ended (EOF: the client went away) or the host began
 * shutting down, with the agent disposed (every process it owned gone) and the host shut down.
 */
export async function serveStdio(host: Host, input: Readable = process.stdin, output: Writable = process.stdout): Promise<void> {
  const session = new McpSession(host)
  let finish: () => void = () => {}
  const finished = new Promise<void>((resolve) => { finish = resolve })
  input.once('end', finish)
  input.once('error', finish)
  // the reader went away (EPIPE): nobody can see answers any more
  output.once('error', finish)
  session.server.onclose = finish
  void host.stoppingStarted.then(finish)
  // answers go out through a writer that stops reading requests while the client is not
  // reading answers (the SDK keeps writing into a full pipe otherwise: unbounded memory)
  await session.connect(new StdioServerTransport(input, backloggedOutput(input, output)))
  await finished
  await session.end()
  await host.shutdown()
}
