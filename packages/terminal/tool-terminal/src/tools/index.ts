// @dsh-pure
import type { ToolDefinition } from 'dsh-tools'
import { closeTool } from './close'
import type { ToolDeps } from './deps'
import { listTool } from './list'
import { openTool } from './open'
import { readTool } from './read'
import { sendTool } from './send'
import { signalTool } from './signal'

/** The model-facing description of each tool. */
export interface ToolDescriptions {
  readonly terminal_open: string
  readonly terminal_send: string
  readonly terminal_read: string
  readonly terminal_signal: string
  readonly terminal_close: string
  readonly terminal_list: string
}

/** The six terminal tools, in catalog order. */
export function createTools(deps: ToolDeps, descriptions: ToolDescriptions): ToolDefinition[] {
  return [
    openTool(deps, descriptions.terminal_open),
    sendTool(deps, descriptions.terminal_send),
    readTool(deps, descriptions.terminal_read),
    signalTool(deps, descriptions.terminal_signal),
    closeTool(deps, descriptions.terminal_close),
    listTool(deps, descriptions.terminal_list),
  ] as ToolDefinition[]
}
