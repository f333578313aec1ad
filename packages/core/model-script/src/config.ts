// @dsh-pure
import * as z from 'zod'

/** dsh-model-script configuration. */
export const Config = z.strictObject({
  path: z.string({ error: (issue) => `model-script: path must name the script file (YAML or JSON); got ${JSON.stringify(issue.input)}` })
    .min(1, 'model-script: path must not be empty; name the script file (YAML or JSON)')
    .describe('The script file (YAML, or JSON when it ends in .json); a relative path starts at the directory the host runs in.'),
}, { error: (issue) => issue.code === 'unrecognized_keys' ? `model-script: unknown config field(s) ${issue.keys.join(', ')}; the only field is path` : undefined })
export type Config = z.output<typeof Config>
