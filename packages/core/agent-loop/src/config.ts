// @dsh-pure
import * as z from 'zod'

/** Default most model requests one prompt may make before the loop stops (max-turns). */
export const DEFAULT_MAX_TURNS = 50
/** Default bound of a conversation's history, in UTF-8 bytes (oldest exchanges are dropped). */
export const DEFAULT_MAX_HISTORY_BYTES = 8 * 1024 * 1024

const positive = (field: string) => z
  .number({ error: (issue) => `agent-loop: ${field} must be a positive integer; got ${JSON.stringify(issue.input)}` })
  .int({ error: (issue) => `agent-loop: ${field} must be a positive integer; got ${JSON.stringify(issue.input)}` })
  .positive({ error: (issue) => `agent-loop: ${field} must be a positive integer; got ${JSON.stringify(issue.input)}` })

/** dsh-agent-loop configuration; an omitted or empty block takes the defaults. */
export const Config = z.preprocess((raw) => raw ?? {}, z.strictObject({
  maxTurns: positive('maxTurns').default(DEFAULT_MAX_TURNS)
    .describe('Most model requests one prompt may make; then the prompt ends with stop reason max-turns.'),
  maxHistoryBytes: positive('maxHistoryBytes').default(DEFAULT_MAX_HISTORY_BYTES)
    .describe('Bound of a conversation\'s history in UTF-8 bytes; past it the oldest whole exchanges (a prompt and what followed) are dropped.'),
}, { error: (issue) => issue.code === 'unrecognized_keys' ? `agent-loop: unknown config field(s) ${issue.keys.join(', ')}; the fields are maxTurns and maxHistoryBytes` : undefined }))
export type Config = z.output<typeof Config>
