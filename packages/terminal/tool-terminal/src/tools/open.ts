// @dsh-pure
import { defineTool } from 'dsh-tools'
import { boundHead } from '../bound/layout'
import { renderOpen } from '../render/texts'
import { OpenParams } from '../schemas/params'
import { OpenResult, type TerminalOpenResult } from '../schemas/results'
import { checkResult, copyStatus } from './check-result'
import { requireAgent, type ToolDeps } from './deps'

/** terminal_open: create an owner-scoped session from a registered backend type. */
export function openTool(deps: ToolDeps, description: string) {
  return defineTool({
    name: 'terminal_open',
    description,
    parameters: OpenParams,
    resultSchema: OpenResult,
    annotations: { title: 'Open a terminal session', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    async execute(args, exec): Promise<TerminalOpenResult> {
      const owner = requireAgent(exec.agent)
      const result = await deps.terminals.spawn(owner, {
        type: args.type,
        ...(args.name !== undefined ? { name: args.name } : {}),
        ...(args.cwd !== undefined ? { cwd: args.cwd } : {}),
      }, exec.signal)
      return checkResult('terminal_open', OpenResult, {
        sessionId: result.sessionId,
        ...(result.name !== undefined ? { name: result.name } : {}),
        type: result.type,
        ...(result.pid !== undefined ? { pid: result.pid } : {}),
        status: copyStatus(result.status),
        motd: result.motd,
      })
    },
    render: (value) => renderOpen(value, deps.maxResultBytes),
    finalizeContent: (content) => boundHead(content, deps.maxResultBytes),
    presentCall: (args) => ({ card: 'generic', title: `Open terminal ${args.name ?? args.type}`, kind: 'execute' }),
  })
}
