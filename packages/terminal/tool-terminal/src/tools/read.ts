// @dsh-pure
import { defineTool } from 'dsh-tools'
import { boundHead } from '../bound/layout'
import { renderRead } from '../render/texts'
import { READ_COUNT_DEFAULT, READ_OFFSET_DEFAULT, ReadParams } from '../schemas/params'
import { ReadResult, type TerminalReadToolResult } from '../schemas/results'
import { checkResult } from './check-result'
import { requireAgent, type ToolDeps } from './deps'

/** terminal_read: a bounded page of retained output; writes nothing to the session. */
export function readTool(deps: ToolDeps, description: string) {
  return defineTool({
    name: 'terminal_read',
    description,
    parameters: ReadParams,
    resultSchema: ReadResult,
    annotations: { title: 'Read terminal scrollback', readOnlyHint: true, openWorldHint: false },
    async execute(args, exec): Promise<TerminalReadToolResult> {
      const owner = requireAgent(exec.agent)
      const page = await deps.terminals.read(owner, args.sessionId, {
        offset: args.offset ?? READ_OFFSET_DEFAULT,
        count: args.count ?? READ_COUNT_DEFAULT,
      })
      return checkResult('terminal_read', ReadResult, {
        text: page.text,
        totalLines: page.totalLines,
        lineBegin: page.lineBegin,
        lineEnd: page.lineEnd,
        truncated: page.truncated,
        ...(page.pageCut !== undefined ? { pageCut: page.pageCut } : {}),
        ...(page.screen !== undefined ? { screen: page.screen } : {}),
      })
    },
    render: (value) => renderRead(value, deps.maxResultBytes),
    finalizeContent: (content) => boundHead(content, deps.maxResultBytes),
    presentCall: (args) => ({ card: 'generic', title: `Read terminal ${args.sessionId}`, kind: 'read' }),
  })
}
