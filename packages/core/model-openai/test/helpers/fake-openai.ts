import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One request the fake endpoint received. */
export interface RecordedRequest {
  readonly method: string
  readonly url: string
  readonly headers: IncomingMessage['headers']
  readonly body: Record<string, unknown>
  /** performance.now() when the request arrived. */
  readonly at: number
}

/** Answers one request; `n` counts requests from 0. */
export type Handler = (request: RecordedRequest, response: ServerResponse, n: number) => void | Promise<void>

/**
 * A local OpenAI-compatible endpoint over node:http (127.0.0.1, an ephemeral port) for
 * tests: it records every request and lets each test answer with real SSE, statuses and
 * headers. `close()` ends open streams and the server.
 */
export class FakeOpenAI {
  readonly requests: RecordedRequest[] = []
  private readonly open = new Set<ServerResponse>()

  private constructor(private readonly server: Server, readonly baseUrl: string) {}

  static async start(handler: Handler): Promise<FakeOpenAI> {
    let fake: FakeOpenAI | undefined
    const server = createServer((req, res) => {
      const parts: Buffer[] = []
      req.on('data', (part: Buffer) => parts.push(part))
      req.on('end', () => {
        const text = Buffer.concat(parts).toString('utf8')
        const recorded: RecordedRequest = {
          method: req.method ?? '',
          url: req.url ?? '',
          headers: req.headers,
          body: text === '' ? {} : JSON.parse(text) as Record<string, unknown>,
          at: performance.now(),
        }
        fake!.requests.push(recorded)
        fake!.open.add(res)
        res.once('close', () => fake!.open.delete(res))
        void Promise.resolve(handler(recorded, res, fake!.requests.length - 1)).catch((error: unknown) => {
          if (!res.headersSent) res.writeHead(599)
          res.end(String(error))
        })
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    fake = new FakeOpenAI(server, `http://127.0.0.1:${port}/v1`)
    return fake
  }

  async close(): Promise<void> {
    for (const res of this.open) res.destroy()
    this.server.closeAllConnections()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }
}

/** Start an event stream answer. */
export function startSse(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
  res.flushHeaders()
}

/** Write raw text and wait until it was handed to the socket (so pieces go out as separate writes). */
export function writeRaw(res: ServerResponse, text: string): Promise<void> {
  return new Promise((resolve, reject) => res.write(text, (error) => (error ? reject(error) : resolve())))
}

/** The wire text of one SSE event holding `data`. */
export function event(data: unknown): string {
  return `data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`
}

/** A streamed chunk with a text delta. */
export function textChunk(content: string): Record<string, unknown> {
  return { id: 'chatcmpl-1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content } }] }
}

/** A streamed chunk with one tool call delta. */
export function toolChunk(index: number, part: { id?: string; name?: string; arguments?: string }): Record<string, unknown> {
  const fn: Record<string, string> = {}
  if (part.name !== undefined) fn.name = part.name
  if (part.arguments !== undefined) fn.arguments = part.arguments
  const call: Record<string, unknown> = { index, function: fn }
  if (part.id !== undefined) { call.id = part.id; call.type = 'function' }
  return { id: 'chatcmpl-1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { tool_calls: [call] } }] }
}

/** The chunk that ends the choice. */
export function finishChunk(reason: string): Record<string, unknown> {
  return { id: 'chatcmpl-1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: reason }] }
}

/** The usage chunk (stream_options.include_usage). */
export function usageChunk(input: number, output: number): Record<string, unknown> {
  return { id: 'chatcmpl-1', object: 'chat.completion.chunk', choices: [], usage: { prompt_tokens: input, completion_tokens: output, total_tokens: input + output } }
}

/** Answer with a JSON error body. */
export function errorAnswer(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.end(JSON.stringify({ error: { message, type: 'test_error' } }))
}
