// @dsh-pure
import { defineTool } from 'dsh-tools'
import { boundHead } from '../bound/layout'
import { viewportBudget } from '../bound/omission'
import { TerminalToolError } from '../errors'
import { renderBackground, renderSend } from '../render/texts'
import { SEND_SUBMIT_DEFAULT, SendParams, SendParamsWithBackground } from '../schemas/params'
import { SendBackground, SendForeground, SendResult, type TerminalSendToolResult } from '../schemas/results'
import { startBackgroundSend } from './background'
import { checkResult, copyStatus } from './check-result'
import { requireAgent, type ToolDeps } from './deps'

/** terminal_send: write input; a foreground send waits for readiness, a background one is a job. */
export function sendTool(deps: ToolDeps, description: string) {
  // Without background the schema has no run_in_background at all (a forced one is an
  // undeclared field and fails validation); the args type just lacks the optional field.
  const parameters = (deps.enableRunInBackground ? SendParamsWithBackground : SendParams) as typeof SendParamsWithBackground
  return defineTool({
    name: 'terminal_send',
    description,
    parameters,
    resultSchema: deps.enableRunInBackground ? SendResult : SendForeground,
    annotations: { title: 'Send input to a terminal session', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    async execute(args, exec): Promise<TerminalSendToolResult> {
      const owner = requireAgent(exec.agent)
      const submit = args.submit ?? SEND_SUBMIT_DEFAULT
      if (args.run_in_background === true) {
        if (!deps.enableRunInBackground) throw new TerminalToolError('BACKGROUND_DISABLED')
        const jobId = startBackgroundSend(deps, { owner, sessionId: args.sessionId, text: args.text, submit })
        return checkResult('terminal_send', SendBackground, { kind: 'background', jobId })
      }
      const operation = deps.terminals.startSend(owner, args.sessionId, {
        text: args.text,
        submit,
        signal: exec.signal,
        viewportBytes: viewportBudget(deps.maxResultBytes),
      })
      const outputBytes = operation.outputBytes?.bind(operation)
      if (outputBytes) exec.reportProgress(() => ({ outputBytes: outputBytes() }))
      const result = await operation.done
      // A cancelled call reports CANCELLED (the interrupted output stays in the scrollback).
      exec.signal.throwIfAborted()
      return checkResult('terminal_send', SendForeground, {
        kind: 'foreground',
        viewport: result.viewport,
        waitReason: result.waitReason,
        sessionStatus: copyStatus(result.sessionStatus),
        truncated: result.truncated,
        ...(result.exitCode === undefined ? {} : { exitCode: result.exitCode }),
        ...(result.notes === undefined || result.notes.length === 0 ? {} : { notes: result.notes.map((n) => ({ ...n })) }),
        ...(result.omission ? { omission: { ...result.omission } } : {}),
      })
    },
    render: (value) => value.kind === 'background'
      ? renderBackground(value.jobId, deps.maxResultBytes)
      : renderSend(value, deps.maxResultBytes),
    finalizeContent: (content) => boundHead(content, deps.maxResultBytes),
    presentCall: (args) => args.run_in_background === true
      ? { card: 'generic', title: `Send to terminal ${args.sessionId} in background`, kind: 'execute' }
      : { card: 'terminal', title: args.text || '(send input)', description: `Terminal ${args.sessionId}` },
    presentResult: (value, content) => value.kind === 'foreground' ? { card: 'terminal', output: content } : undefined,
  })
}
