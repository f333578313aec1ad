// @dsh-pure
import type { TerminalSignal } from 'dsh-terminal'
import { defineTool } from 'dsh-tools'
import { boundHead } from '../bound/layout'
import { renderSignal } from '../render/texts'
import { SignalParams } from '../schemas/params'
import { SignalResult, type TerminalSignalToolResult } from '../schemas/results'
import { checkResult } from './check-result'
import { requireAgent, type ToolDeps } from './deps'

/** terminal_signal: one allowed signal to the session's current foreground process group. */
export function signalTool(deps: ToolDeps, description: string) {
  // The rendered text names the signal, which the structured result does not carry.
  const sent = new WeakMap<TerminalSignalToolResult, string>()
  return defineTool({
    name: 'terminal_signal',
    description,
    parameters: SignalParams,
    resultSchema: SignalResult,
    annotations: { title: 'Signal the foreground process group', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    async execute(args, exec): Promise<TerminalSignalToolResult> {
      const owner = requireAgent(exec.agent)
      const result = await deps.terminals.signal(owner, args.sessionId, args.signal as TerminalSignal)
      const value: TerminalSignalToolResult = checkResult('terminal_signal', SignalResult, { delivered: result.delivered, targetPgid: result.targetPgid })
      sent.set(value, args.signal)
      return value
    },
    render: (value) => renderSignal(value, sent.get(value) ?? 'the signal', deps.maxResultBytes),
    finalizeContent: (content) => boundHead(content, deps.maxResultBytes),
    presentCall: (args) => ({ card: 'generic', title: `Send ${args.signal} to terminal ${args.sessionId}`, kind: 'execute' }),
  })
}
