// Shared by the overlay snapshot suites of every front (headless, acp): the tool calls both
// pin, so a headless response and an ACP session/update stream show the same calls.

/** One tool call of one agent. */
export interface ToolStep {
  readonly tool: string
  readonly args: Record<string, unknown>
}

/** Every terminal tool once, on output that overflows a 64-byte result. */
export const BOUNDED_STEPS: readonly ToolStep[] = [
  { tool: 'terminal_open', args: { type: 'shell', name: 'bounded' } },
  { tool: 'terminal_send', args: { sessionId: 'pty-1', text: 'for i in $(seq 1 30); do echo line-$i; done' } },
  { tool: 'terminal_send', args: { sessionId: 'pty-1', text: "printf 'é€%.0s' $(seq 1 40); echo" } },
  { tool: 'terminal_read', args: { sessionId: 'pty-1' } },
  { tool: 'terminal_read', args: { sessionId: 'pty-1', offset: 5, count: 3 } },
  { tool: 'terminal_list', args: {} },
  { tool: 'terminal_signal', args: { sessionId: 'pty-1', signal: 'SIGINT' } },
  { tool: 'terminal_close', args: { sessionId: 'pty-1' } },
]

/** Calls that fail, each with a coded error text (after one shell is open). */
export const ERROR_STEPS: readonly ToolStep[] = [
  { tool: 'terminal_open', args: { type: 'shell', name: 'main' } },
  { tool: 'terminal_open', args: { type: 'shell', name: 'main' } },
  { tool: 'terminal_open', args: { type: 'nope' } },
  { tool: 'terminal_open', args: { type: 'shell', cwd: '/definitely/not/here' } },
  { tool: 'terminal_send', args: { sessionId: 'pty-99', text: 'x' } },
  { tool: 'terminal_send', args: { sessionId: 'pty-1' } },
  { tool: 'terminal_send', args: { sessionId: 'pty-1', text: 'x', extra: 1 } },
  { tool: 'terminal_signal', args: { sessionId: 'pty-1', signal: 'SIGUSR1' } },
  { tool: 'terminal_signal', args: { sessionId: 'pty-1', signal: 'SIGKILL' } },
  { tool: 'terminal_send', args: { sessionId: 'pty-1', text: 'sleep 100', run_in_background: true } },
  { tool: 'terminal_send', args: { sessionId: 'pty-1', text: 'echo busy' } },
  { tool: 'job_output', args: { job_id: 'pty-send-9' } },
  { tool: 'job_kill', args: { job_id: 'pty-send-1' } },
  { tool: 'terminal_close', args: { sessionId: 'pty-1' } },
  { tool: 'terminal_close', args: { sessionId: 'pty-1' } },
  { tool: 'terminal_read', args: { sessionId: 'pty-1' } },
]
