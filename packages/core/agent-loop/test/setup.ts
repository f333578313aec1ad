import { fileURLToPath } from 'node:url'
import { Context } from '@deepseek-ai/cordis'
import AgentRegistry from 'dsh-agent'
import { ScriptModel } from 'dsh-model-script'
import SystemPromptService from 'dsh-system-prompt'
import ToolService, { defineTool } from 'dsh-tools'
import * as z from 'zod'
import { AgentLoopService, Config, type LoopEvent } from '../src'

export const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url))

/** Test tools: test_echo (records the order it ran in) and test_wait (runs until cancelled). */
export function testTools(ran: string[], onWait: () => void = () => {}) {
  return [
    defineTool({
      name: 'test_echo', description: 'Echo the text.', parameters: z.strictObject({ text: z.string().describe('what to echo') }),
      execute: ({ text }) => { ran.push(text); return { echo: text } },
      render: (v) => `echo: ${v.echo}`,
      presentCall: ({ text }) => ({ card: 'generic', title: `Echo ${text}`, kind: 'other' }),
    }),
    defineTool({
      name: 'test_wait', description: 'Wait until cancelled.', parameters: z.strictObject({}),
      execute: (_args, exec) => new Promise<string>((_resolve, reject) => {
        ran.push('wait')
        exec.signal.addEventListener('abort', () => reject(exec.signal.reason), { once: true })
        onWait()
      }),
      render: (v) => v,
    }),
  ]
}

/** A composition of the real seams with the script provider and the loop. */
export async function compose(script: string, config: Partial<Config> = {}, onWait?: () => void) {
  const root = new Context()
  const ran: string[] = []
  await root.plugin(AgentRegistry)
  await root.plugin(ToolService)
  await root.plugin(SystemPromptService)
  await root.plugin(ScriptModel, { path: fixture(script) })
  await root.plugin(AgentLoopService, Config.parse(config))
  for (const tool of testTools(ran, onWait)) root.tools.register(tool)
  root.systemPrompt.section({ name: 'test', order: 1, text: 'Be brief.' })
  return { root, ran }
}

/** Collect a prompt's events. */
export function recorder() {
  const events: LoopEvent[] = []
  return { events, onEvent: (event: LoopEvent) => { events.push(event) } }
}
