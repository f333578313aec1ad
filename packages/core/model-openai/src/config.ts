// @dsh-pure
import * as z from 'zod'

/** Default bound of the wait for the answer to start, and between two chunks of the stream. */
export const DEFAULT_TIMEOUT_MS = 120_000
/** Default number of retries after a 429 or 5xx answer (so at most 3 requests per turn). */
export const DEFAULT_MAX_RETRIES = 2
/** Default longest retry-after the provider waits out; a longer one fails the turn at once. */
export const DEFAULT_MAX_RETRY_WAIT_MS = 30_000
/** Default bound of one SSE event and of one tool call's arguments, in UTF-8 bytes (1 MiB). */
export const DEFAULT_MAX_EVENT_BYTES = 1024 * 1024

/** An environment variable name: what apiKeyEnv holds (never the key itself). */
export const ENV_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/

const FIELDS = 'baseUrl, model, apiKeyEnv, timeoutMs, maxRetries, maxRetryWaitMs, maxEventBytes, maxTokens, temperature, streamUsage'

const positive = (field: string) => z
  .number({ error: (issue) => `model-openai: ${field} must be a positive integer; got ${JSON.stringify(issue.input)}` })
  .int({ error: (issue) => `model-openai: ${field} must be a positive integer; got ${JSON.stringify(issue.input)}` })
  .positive({ error: (issue) => `model-openai: ${field} must be a positive integer; got ${JSON.stringify(issue.input)}` })

/** dsh-model-openai configuration. The API key is never a config value: apiKeyEnv names its variable. */
export const Config = z.strictObject({
  baseUrl: z.url({
    protocol: /^https?$/,
    error: (issue) => `model-openai: baseUrl must be an http(s) URL such as https://api.deepseek.com or http://127.0.0.1:11434/v1; got ${JSON.stringify(issue.input)}`,
  }).describe('The endpoint base URL; requests go to <baseUrl>/chat/completions (e.g. https://api.deepseek.com, https://api.openai.com/v1, http://127.0.0.1:11434/v1).'),
  model: z.string({ error: (issue) => `model-openai: model must be the model name the endpoint serves (e.g. deepseek-chat); got ${JSON.stringify(issue.input)}` })
    .min(1, 'model-openai: model must not be empty; name the model the endpoint serves (e.g. deepseek-chat)')
    .describe('The model name sent with every request (e.g. deepseek-chat, gpt-4.1, qwen3:8b).'),
  apiKeyEnv: z.string()
    .regex(ENV_NAME_PATTERN, 'model-openai: apiKeyEnv is the NAME of the environment variable that holds the key (e.g. DEEPSEEK_API_KEY), not the key itself')
    .optional()
    .describe('Name of the environment variable holding the API key (sent as a Bearer token). Omit for endpoints without keys (a local Ollama).'),
  timeoutMs: positive('timeoutMs').default(DEFAULT_TIMEOUT_MS)
    .describe('Longest wait for the answer to start, and between two chunks of the stream; then the turn fails with UNAVAILABLE.'),
  maxRetries: z.number().int().min(0, 'model-openai: maxRetries must be 0 or more').max(10, 'model-openai: maxRetries must be at most 10').default(DEFAULT_MAX_RETRIES)
    .describe('Retries after a 429 or 5xx answer, honouring retry-after (0: none).'),
  maxRetryWaitMs: positive('maxRetryWaitMs').default(DEFAULT_MAX_RETRY_WAIT_MS)
    .describe('Longest retry-after waited out before a retry; a longer one fails the turn at once (RATE_LIMITED with retryAfterMs).'),
  maxEventBytes: positive('maxEventBytes').default(DEFAULT_MAX_EVENT_BYTES)
    .describe('Bound of one server-sent event and of one tool call\'s arguments, in UTF-8 bytes; a larger one fails the turn with BAD_RESPONSE.'),
  maxTokens: positive('maxTokens').optional().describe('max_tokens of each request (omit: the endpoint\'s default).'),
  temperature: z.number().min(0).max(2).optional().describe('temperature of each request (omit: the endpoint\'s default).'),
  streamUsage: z.boolean().default(true)
    .describe('Ask for token usage in the stream (stream_options.include_usage); turn off for servers that reject the field.'),
}, {
  error: (issue) => {
    if (issue.code !== 'unrecognized_keys') return undefined
    if (issue.keys.some((key) => /^api[_-]?key$/i.test(key))) {
      return 'model-openai: an API key never goes in the config; put it in an environment variable and name that variable in apiKeyEnv'
    }
    return `model-openai: unknown config field(s) ${issue.keys.join(', ')}; the fields are ${FIELDS}`
  },
})
export type Config = z.output<typeof Config>
export type ConfigInput = z.input<typeof Config>
