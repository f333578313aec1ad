// @dsh-pure
import { defineTool } from 'dsh-tools'
import { boundHead } from '../bound/layout'
import { renderClose } from '../render/texts'
import { CloseParams } from '../schemas/params'
import { CloseResult, type TerminalCloseResult } from '../schemas/results'
import { checkResult } from './check-result'
import { requireAgent, type ToolDeps } from './deps'

/** terminal_close: close one session and await the quiescence of its whole process tree. */
export function closeTool(deps: ToolDeps, description: string) {
  return defineTool({
    name: 'terminal_close',
    description,
    parameters: CloseParams,
    resultSchema: CloseResult,
    annotations: { title: 'Close a terminal session', readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    async execute(args, exec): Promise<TerminalCloseResult> {
      const owner = requireAgent(exec.agent)
      const closed = await deps.terminals.kill(owner, args.sessionId)
      return checkResult('terminal_close', CloseResult, { sessionId: args.sessionId, outcome: closed ? 'closed' : 'already-closing' })
    },
    render: (value) => renderClose(value, deps.maxResultBytes),
    finalizeContent: (content) => boundHead(content, deps.maxResultBytes),
    presentCall: (args) => ({ card: 'generic', title: `Close terminal ${args.sessionId}`, kind: 'delete' }),
  })
}
