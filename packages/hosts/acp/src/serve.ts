import { Readable, Writable } from 'node:stream'
import { methods, ndJsonStream } from '@agentclientprotocol/sdk'
import type { AgentLoopService } from 'dsh-agent-loop'
import { backloggedOutput, type Host, InputGate } from 'dsh-host'
import { createAcpAgent } from './acp-agent'

export interface ServeOptions {
  readonly host: Host
  readonly loop: AgentLoopService
  readonly version: string
  readonly input?: NodeJS.ReadableStream & Readable
  readonly output?: NodeJS.WritableStream & Writable
}

/**
 * Serve ACP over a pair of byte streams (the process's stdin/stdout: newline-delimited
 * JSON-RPC). Resolves once the connection closed (the client went away, stdin EOF) or the
 * host began shutting down, with every session's agent ended (all its terminals and jobs
 * closed, every process gone) and the host shut down.
 */
export async function serveAcp(options: ServeOptions): Promise<void> {
  const { host } = options
  const input = options.input ?? process.stdin
  const output = options.output ?? process.stdout
  const acp = createAcpAgent(options)
  // a client that does not read answers stops the reading of its requests (bounded memory)
  const gate = new InputGate()
  const answers = Writable.toWeb(backloggedOutput(gate, output)) as WritableStream<Uint8Array>
  const requests = (Readable.toWeb(input) as ReadableStream<Uint8Array>).pipeThrough(gate.stream<Uint8Array>())
  const connection = acp.app.connect(ndJsonStream(answers, requests))
  acp.attach((sessionId, update) => connection.client.notify(methods.client.session.update, { sessionId, update }))
  // the reader went away (EPIPE): nobody can see answers any more
  output.once('error', () => connection.close())
  void host.stoppingStarted.then(() => connection.close())
  await connection.closed.catch(() => {})
  try {
    await acp.closeAll()
  } catch (error) {
    host.log(`[warn] acp: ${error instanceof Error ? error.message : String(error)}`)
  }
  await host.shutdown()
}
