// @dsh-pure
import type { SessionUpdate, ToolKind } from '@agentclientprotocol/sdk'
import type { LoopEvent, LoopToolResult } from 'dsh-agent-loop'
import type { CallView } from 'dsh-tools'

/** ACP title and kind of a call card: the terminal card is `execute`, generic cards carry their kind. */
export function titleAndKind(view: CallView): { readonly title: string; readonly kind: ToolKind } {
  return view.card === 'terminal' ? { title: view.title, kind: 'execute' } : { title: view.title, kind: view.kind }
}

/** rawOutput of a finished call: the structured result, or the error's code and text. */
export function rawOutputOf(result: LoopToolResult): unknown {
  return result.isError ? { error: { code: result.errorCode ?? 'TOOL_FAILED', content: result.content } } : (result.value ?? null)
}

/**
 * The session/update of one agent-loop event: text as agent_message_chunk, reasoning as
 * agent_thought_chunk, a call as tool_call (pending, with title, kind and rawInput from its
 * card and arguments), its start as tool_call_update in_progress, its end as
 * tool_call_update completed or failed with one text block holding exactly the bounded
 * content the model sees and rawOutput. No update carries locations.
 */
export function sessionUpdateOf(event: LoopEvent): SessionUpdate {
  switch (event.type) {
    case 'text': return { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: event.delta } }
    case 'reasoning': return { sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text: event.delta } }
    case 'tool-call': {
      const rawInput = event.call.card === 'generic' && event.call.rawInput !== undefined ? event.call.rawInput : event.arguments
      return { sessionUpdate: 'tool_call', toolCallId: event.callId, ...titleAndKind(event.call), status: 'pending', rawInput }
    }
    case 'tool-running': return { sessionUpdate: 'tool_call_update', toolCallId: event.callId, status: 'in_progress' }
    case 'tool-result': return {
      sessionUpdate: 'tool_call_update',
      toolCallId: event.callId,
      status: event.result.isError ? 'failed' : 'completed',
      content: [{ type: 'content', content: { type: 'text', text: event.result.content } }],
      rawOutput: rawOutputOf(event.result),
    }
  }
}

/** The update that tells a session one of its background jobs finished: a finished execute card. */
export function jobUpdate(job: { readonly jobId: string; readonly status: string; readonly content: string }): SessionUpdate {
  return {
    sessionUpdate: 'tool_call',
    toolCallId: `job-${job.jobId}`,
    title: `Background job ${job.jobId} ${job.status}`,
    kind: 'execute',
    status: job.status === 'completed' ? 'completed' : 'failed',
    content: [{ type: 'content', content: { type: 'text', text: job.content } }],
    rawOutput: { jobId: job.jobId, status: job.status },
  }
}
