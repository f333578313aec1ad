// @dsh-pure
import { defineTool } from 'dsh-tools'
import { boundHead } from '../bound/layout'
import { renderList } from '../render/texts'
import { ListParams } from '../schemas/params'
import { ListResult, type TerminalListResult } from '../schemas/results'
import { checkResult, copyStatus } from './check-result'
import { requireAgent, type ToolDeps } from './deps'

/** terminal_list: fresh snapshots of the calling agent's sessions. */
export function listTool(deps: ToolDeps, description: string) {
  return defineTool({
    name: 'terminal_list',
    description,
    parameters: ListParams,
    resultSchema: ListResult,
    annotations: { title: 'List terminal sessions', readOnlyHint: true, openWorldHint: false },
    async execute(_args, exec): Promise<TerminalListResult> {
      const owner = requireAgent(exec.agent)
      const sessions = await deps.terminals.list(owner)
      return checkResult('terminal_list', ListResult, sessions.map((s) => ({
        sessionId: s.sessionId,
        ...(s.name !== undefined ? { name: s.name } : {}),
        type: s.type,
        ...(s.pid !== undefined ? { pid: s.pid } : {}),
        status: copyStatus(s.status),
      })))
    },
    render: (value) => renderList(value, deps.maxResultBytes),
    finalizeContent: (content) => boundHead(content, deps.maxResultBytes),
    presentCall: () => ({ card: 'generic', title: 'List terminals', kind: 'read' }),
  })
}
