// @dsh-pure
import * as z from 'zod'

/** The default cap of one model-visible terminal result, in UTF-8 bytes (256 KiB). */
export const DEFAULT_MAX_RESULT_BYTES = 262144
/**
 * The smallest cap accepted: 64 bytes always holds a creation acknowledgement with its
 * registry-issued id whole (`started terminal session pty-<n>` plus the truncation marker).
 */
export const MIN_MAX_RESULT_BYTES = 64

const maxResultBytesError = (issue: { input?: unknown }) =>
  `tool-terminal: maxResultBytes must be a safe integer >= ${MIN_MAX_RESULT_BYTES} (MIN_MAX_RESULT_BYTES); got ${JSON.stringify(issue.input)}`

/** Plugin config; an omitted or empty (`config:` with nothing after it) block takes the defaults. */
export const Config = z.preprocess(
  (raw) => raw ?? {},
  z.strictObject({
    enableRunInBackground: z
      .boolean({ error: (issue) => `tool-terminal: enableRunInBackground must be true or false; got ${JSON.stringify(issue.input)}` })
      .default(true)
      .describe('Expose and accept run_in_background on terminal_send; when false the field is absent from the schema and a forced one is rejected.'),
    maxResultBytes: z
      .number({ error: maxResultBytesError })
      .int({ error: maxResultBytesError })
      .min(MIN_MAX_RESULT_BYTES, { error: maxResultBytesError })
      .default(DEFAULT_MAX_RESULT_BYTES)
      .describe('The UTF-8 cap of one complete model-visible terminal result, metadata and markers included.'),
  }, { error: (issue) => issue.code === 'unrecognized_keys' ? `tool-terminal: unknown config field(s) ${issue.keys.join(', ')}; the fields are enableRunInBackground and maxResultBytes` : undefined }),
)
export type Config = z.output<typeof Config>
