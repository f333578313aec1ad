import type { Agent } from 'dsh-agent'
import type { LoopTools } from 'dsh-agent-loop'
import type { Host } from 'dsh-host'
import { errorCodeOf, errorContent, errorMessageOf, type ToolService } from 'dsh-tools'

/**
 * The agent loop's view of the tools, through the host core: calls go through
 * `host.callTool` (the call cap, the agent's and the host's signals), so a call the host
 * refuses (TOO_MANY_CALLS, SHUTTING_DOWN) becomes an error result the model can read.
 */
export function hostTools(host: Host): LoopTools {
  const tools = () => host.root.get('tools') as ToolService
  return {
    list: (agent: Agent) => host.listTools(agent),
    present: (name, args) => tools().present(name, args),
    execute: async (request) => {
      try {
        return await host.callTool({ agent: request.agent!, tool: request.name, args: request.arguments, signal: request.signal, callId: request.callId })
      } catch (error) {
        const code = errorCodeOf(error) ?? 'HOST_REFUSED'
        return { callId: request.callId ?? '', content: errorContent(code, errorMessageOf(error)), isError: true, errorCode: code, call: tools().present(request.name, request.arguments) }
      }
    },
  }
}
