// @dsh-pure
import * as z from 'zod'

/** `{kind: 'running'}` or `{kind: 'exited', exitCode, signal}`. */
export const SessionStatus = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('running') }),
  z.strictObject({ kind: z.literal('exited'), exitCode: z.number().int().nullable(), signal: z.string().nullable() }),
])

export const SessionSnapshot = z.strictObject({
  sessionId: z.string().min(1),
  name: z.string().optional(),
  type: z.string().min(1),
  pid: z.number().int().optional(),
  status: SessionStatus,
})

export const OpenResult = SessionSnapshot.extend({ motd: z.string() })

/** What the viewport cannot show (see TerminalSendNote in dsh-terminal). */
export const SendNote = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('continuation') }),
  z.strictObject({ kind: z.literal('pending-input'), text: z.string() }),
  z.strictObject({ kind: z.literal('line-buffered'), text: z.string() }),
  z.strictObject({ kind: z.literal('unread-input') }),
  z.strictObject({ kind: z.literal('input-cut'), writtenBytes: z.number().int().min(0), totalBytes: z.number().int().min(0) }),
  z.strictObject({ kind: z.literal('input-held') }),
])

/** Where the middle of a long viewport was left out, and the terminal_read that pages it. */
export const Omission = z.strictObject({
  at: z.number().int().min(0),
  lines: z.number().int().min(0),
  bytes: z.number().int().min(0),
  readOffset: z.number().int().min(0),
  readCount: z.number().int().min(0),
})

export const SendForeground = z.strictObject({
  kind: z.literal('foreground'),
  viewport: z.string(),
  waitReason: z.enum(['stdin_read', 'inferred_idle', 'timeout', 'session_exit']),
  sessionStatus: SessionStatus,
  truncated: z.boolean(),
  /** `$?` of the last command when the send ended at the shell's own prompt. */
  exitCode: z.number().int().min(0).max(255).optional(),
  notes: z.array(SendNote).optional(),
  omission: Omission.optional(),
})

export const SendBackground = z.strictObject({ kind: z.literal('background'), jobId: z.string().min(1) })

export const SendResult = z.discriminatedUnion('kind', [SendForeground, SendBackground])

export const ReadResult = z.strictObject({
  text: z.string(),
  totalLines: z.number().int().min(0),
  lineBegin: z.number().int().min(0),
  lineEnd: z.number().int().min(0),
  truncated: z.boolean(),
  /** The page itself lost text (cut, or it reaches past retention); absent: `truncated` decides. */
  pageCut: z.boolean().optional(),
  /** A full-screen program's screen as it shows now (the scrollback does not hold it). */
  screen: z.string().optional(),
})

export const SignalResult = z.strictObject({ delivered: z.literal(true), targetPgid: z.number().int() })

export const CloseResult = z.strictObject({ sessionId: z.string().min(1), outcome: z.enum(['closed', 'already-closing']) })

export const ListResult = z.array(SessionSnapshot)

export type TerminalOpenResult = z.output<typeof OpenResult>
export type TerminalSendForeground = z.output<typeof SendForeground>
export type TerminalSendNoteValue = z.output<typeof SendNote>
export type TerminalSendBackground = z.output<typeof SendBackground>
export type TerminalSendToolResult = z.output<typeof SendResult>
export type TerminalReadToolResult = z.output<typeof ReadResult>
export type TerminalSignalToolResult = z.output<typeof SignalResult>
export type TerminalCloseResult = z.output<typeof CloseResult>
export type TerminalListResult = z.output<typeof ListResult>
