// @dsh-pure
import { TERMINAL_SIGNALS } from 'dsh-terminal'
import * as z from 'zod'

const sessionId = z.string().min(1).describe('The session id returned by terminal_open (e.g. "pty-1").')

export const OpenParams = z.strictObject({
  type: z.string().min(1).describe('A registered terminal backend type, usually "shell".'),
  name: z.string().min(1).optional().describe('An optional display name, unique among your sessions (e.g. "main", "gdb").'),
  cwd: z.string().min(1).optional().describe('The initial working directory; defaults to the workspace root.'),
})

const sendFields = {
  sessionId,
  text: z.string().describe('UTF-8 text to write to the terminal, exactly as given.'),
  submit: z.boolean().optional().describe('Press Enter after the text (default true). Set false for control characters or partial REPL input.'),
}

/** terminal_send without `run_in_background` (enableRunInBackground: false). */
export const SendParams = z.strictObject(sendFields)

/** terminal_send with `run_in_background` (enableRunInBackground: true, the default). */
export const SendParamsWithBackground = z.strictObject({
  ...sendFields,
  run_in_background: z.boolean().optional().describe('Return a job id at once instead of waiting; collect with job_output, stop with job_kill (default false).'),
})

export const ReadParams = z.strictObject({
  sessionId,
  offset: z.number().int().min(0).optional().describe('Lines back from the newest retained line where the page ends (default 0: the newest page).'),
  count: z.number().int().min(1).optional().describe('Lines to return (default 500; the backend may return fewer).'),
})

export const SignalParams = z.strictObject({
  sessionId,
  signal: z.enum(TERMINAL_SIGNALS as [string, ...string[]]).describe('The signal for the program in the foreground and its group, resolved when the call runs. SIGKILL of the shell itself is refused: use terminal_close.'),
})

export const CloseParams = z.strictObject({ sessionId })

export const ListParams = z.strictObject({})

/** Defaults the tools resolve (not schema defaults, so the arguments the model wrote stay as written). */
export const SEND_SUBMIT_DEFAULT = true
export const READ_OFFSET_DEFAULT = 0
export const READ_COUNT_DEFAULT = 500
