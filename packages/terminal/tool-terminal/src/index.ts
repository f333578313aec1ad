import type { Context } from '@deepseek-ai/cordis'
import type {} from 'dsh-jobs'
import type {} from 'dsh-system-prompt'
import type {} from 'dsh-terminal'
import type {} from 'dsh-tools'
import type { Config } from './config'
import { toolDescriptions } from './descriptions'
import { PROMPT_SECTION } from './prompt'
import { createTools } from './tools'
import type { ToolDeps } from './tools/deps'

export { Config, DEFAULT_MAX_RESULT_BYTES, MIN_MAX_RESULT_BYTES } from './config'
export { TerminalToolError, type TerminalToolErrorCode } from './errors'
export { PROMPT_SECTION } from './prompt'
export { boundBodyTail, boundHead, boundHeaderTail, TRUNCATION_MARKER, type BodyWithMeta } from './bound/layout'
export { utf8Head, utf8Length, utf8Tail } from './bound/utf8'
export * from './render/texts'
export * from './schemas/params'
export * from './schemas/results'
export { createTools, type ToolDescriptions } from './tools'
export { requireAgent, type JobsApi, type TerminalsApi, type ToolDeps } from './tools/deps'
export { toolDescriptions } from './descriptions'
export { startBackgroundSend, PTY_SEND_KIND, type BackgroundSend } from './tools/background'

export const name = 'tool-terminal'
export const inject = ['terminals', 'tools', 'systemPrompt']

/** Register the six terminal tools and the `tool:pty` prompt section for this plugin's lifetime. */
export const apply = (ctx: Context, config: Config) => {
  const deps: ToolDeps = {
    terminals: ctx.terminals,
    // Optional and looked up per call: mounting the jobs packages later needs no reload.
    jobs: () => ctx.get('jobs'),
    maxResultBytes: config.maxResultBytes,
    enableRunInBackground: config.enableRunInBackground,
  }
  for (const tool of createTools(deps, toolDescriptions(config.enableRunInBackground))) ctx.tools.register(tool)
  ctx.systemPrompt.section(PROMPT_SECTION)
}
