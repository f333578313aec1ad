import type { Context } from '@deepseek-ai/cordis'
import type {} from 'dsh-sandbox'
import type {} from 'dsh-subprocess'
import type {} from 'dsh-terminal'
import { BashBackend } from './backend'
import { Config } from './config'
import { modeFence } from './mode-fence'
import { nodeScheduler } from './readiness/node-scheduler'
import { integrationScript } from './shell/integration'

export const name = 'terminal-bash'
export const inject = ['terminals', 'sandboxPolicy', 'subprocess']
export { Config }

/** Register the `shell` backend on ctx.terminals and install the sandbox-mode fence. */
export const apply = (ctx: Context, config: Config) => {
  // fail at load, not at the first open, when the integration script is missing
  integrationScript()
  const policy = () => ctx.sandboxPolicy
  const backend = new BashBackend(
    {
      policy,
      sandbox: () => ctx.get('sandbox'),
      subprocess: () => ctx.subprocess,
    },
    config,
    nodeScheduler,
  )
  ctx.terminals.registerBackend(backend)
  ctx.on('agent/session-append', modeFence({ policy, hasActivity: (agent) => ctx.terminals.hasOwnerActivity(agent) }))
}

export { BashBackend } from './backend'
export { parseConfig, DIALECT_DEFAULTS, type ConfigInput } from './config'
export { TerminalBashError, TERMINAL_BASH_ERROR_MESSAGES, type TerminalBashErrorCode } from './errors'
export { CONTROLLED_PROMPT } from './output/marker-tracker'
export { ENTER } from './shell/environment'
