import { type Context, Service } from '@deepseek-ai/cordis'
import { cancelledError, ModelError, type ModelEvent, type ModelProvider, type ModelTurnRequest } from 'dsh-model'
import { Config } from './config'
import { openStream } from './open-stream'
import { readEvents } from './read-events'
import { requestBody } from './request-body'

/**
 * ctx.model for an OpenAI-compatible /chat/completions endpoint: one streaming request
 * per turn through Node's own fetch. The key is read from the environment variable named by
 * apiKeyEnv at each turn; it is sent only as the Bearer token and never logged or echoed.
 */
export class OpenAIModel extends Service implements ModelProvider {
  static Config = Config
  readonly url: string

  constructor(ctx: Context, private readonly config: Config) {
    super(ctx, 'model')
    this.url = `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`
  }

  get description(): string {
    return `${this.config.model} at ${this.url} (OpenAI-compatible)`
  }

  turn(request: ModelTurnRequest): AsyncIterable<ModelEvent> {
    return this.stream(request)
  }

  private async *stream(request: ModelTurnRequest): AsyncGenerator<ModelEvent> {
    const { config } = this
    if (request.signal.aborted) throw cancelledError(request.signal)
    const key = this.key()
    const logger = this.ctx.logger('model-openai')
    const body = JSON.stringify(requestBody(config, request.system, request.messages, request.tools))
    const open = await openStream({
      url: this.url,
      body,
      key,
      apiKeyEnv: config.apiKeyEnv,
      timeoutMs: config.timeoutMs,
      maxRetries: config.maxRetries,
      maxRetryWaitMs: config.maxRetryWaitMs,
      signal: request.signal,
      warn: (message) => logger.warn(message),
    })
    yield* readEvents(open, { url: this.url, timeoutMs: config.timeoutMs, maxEventBytes: config.maxEventBytes, signal: request.signal, key })
  }

  /** The key from the environment (undefined when no apiKeyEnv); AUTH when it is unset. */
  private key(): string | undefined {
    const name = this.config.apiKeyEnv
    if (name === undefined) return undefined
    const value = process.env[name]
    if (value === undefined || value.trim() === '') {
      throw new ModelError('AUTH', `the environment variable ${name} (apiKeyEnv) is not set; export it with your API key for ${this.url} before starting the host`)
    }
    return value.trim()
  }
}
