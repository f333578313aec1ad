// @dsh-pure
import type { TerminalOutputChunk, TerminalSessionStatus } from 'dsh-terminal'
import { boundBodyTail, boundHead, boundHeaderTail, TRUNCATION_MARKER } from '../bound/layout'
import { withOmission } from '../bound/omission'
import { utf8Length } from '../bound/utf8'
import { sendFactLines } from './notes'
import type {
  TerminalCloseResult,
  TerminalListResult,
  TerminalOpenResult,
  TerminalReadToolResult,
  TerminalSendForeground,
  TerminalSignalToolResult,
} from '../schemas/results'

/** `running`, or `exited code=<c> signal=<s>` (null shown as `null`). */
export function statusText(status: TerminalSessionStatus): string {
  return status.kind === 'running' ? 'running' : `exited code=${status.exitCode} signal=${status.signal}`
}

/** `started terminal session <id>[ (<name>)] [type: <type>]`, then the motd (its tail when cut). */
export function renderOpen(result: TerminalOpenResult, maxBytes: number): string {
  const named = result.name !== undefined ? ` (${result.name})` : ''
  const header = `started terminal session ${result.sessionId}${named} [type: ${result.type}]`
  return boundHeaderTail(header, result.motd === '' ? '(no startup output)' : result.motd, maxBytes)
}

/**
 * Viewport (with the omission marker where its middle was left out; its tail when cut
 * here), `[exit: N]` when not 0, one `[note: ...]` per note, `[wait: ...]`,
 * `[session: ...]`, then `[output truncated]` when output was lost that no omission
 * marker accounts for.
 */
export function renderSend(result: TerminalSendForeground, maxBytes: number): string {
  const meta = [...sendFactLines(result), `[wait: ${result.waitReason}]`, `[session: ${statusText(result.sessionStatus)}]`]
  const { viewport, omission } = result
  if (omission !== undefined) {
    const body = withOmission(viewport, omission)
    if (utf8Length(body) + utf8Length(meta.join('\n')) + 1 <= maxBytes) return `${body}\n${meta.join('\n')}`
    // the marker does not fit with the metadata: the newest output, cut as any other
    return boundBodyTail({ body: viewport.slice(omission.at), meta, truncated: true }, maxBytes)
  }
  return boundBodyTail({ body: viewport === '' ? '(no new output)' : viewport, meta, truncated: result.truncated }, maxBytes)
}

/** The acknowledgement of a background send. */
export function renderBackground(jobId: string, maxBytes: number): string {
  return boundHead(`started background job ${jobId}`, maxBytes)
}

/** Share of a read's bound a screen snapshot may take (its head: the marker line and the top rows). */
export const READ_SCREEN_SHARE = 0.5

/**
 * Page (its tail when cut), `[lines: <begin>-<end> of <total>]`, then the marker when the
 * page itself lost text (`truncated` stays sticky once retention dropped anything, but a
 * page that shows all it asked for carries no marker). While a full-screen program shows,
 * its screen snapshot follows (what the terminal shows now, after the scrollback).
 */
export function renderRead(result: TerminalReadToolResult, maxBytes: number): string {
  if (result.screen === undefined) return renderPage(result, maxBytes)
  const screen = boundHead(result.screen, Math.floor(maxBytes * READ_SCREEN_SHARE))
  const room = maxBytes - utf8Length(screen) - 1
  return room > 0 ? `${renderPage(result, room)}\n${screen}` : screen
}

function renderPage(result: TerminalReadToolResult, maxBytes: number): string {
  return boundBodyTail({
    body: result.text === '' ? '(no retained output)' : result.text,
    meta: [`[lines: ${result.lineBegin}-${result.lineEnd} of ${result.totalLines}]`],
    truncated: result.pageCut ?? result.truncated,
  }, maxBytes)
}

export function renderSignal(result: TerminalSignalToolResult, signal: string, maxBytes: number): string {
  return boundHead(`delivered ${signal} to foreground process group ${result.targetPgid}`, maxBytes)
}

export function renderClose(result: TerminalCloseResult, maxBytes: number): string {
  const text = result.outcome === 'closed'
    ? `closed terminal session ${result.sessionId}`
    : `terminal session ${result.sessionId} was already closing`
  return boundHead(text, maxBytes)
}

/** One line per session: `<id>[ (<name>)] [<type>] <status>[ pid=<pid>]`. */
export function renderList(result: TerminalListResult, maxBytes: number): string {
  if (result.length === 0) return boundHead('(no terminal sessions)', maxBytes)
  const lines = result.map((s) => {
    const named = s.name !== undefined ? ` (${s.name})` : ''
    const pid = s.pid !== undefined ? ` pid=${s.pid}` : ''
    return `${s.sessionId}${named} [${s.type}] ${statusText(s.status)}${pid}`
  })
  return boundHead(lines.join('\n'), maxBytes)
}

/** Output of a background send as `job_output` shows it (the jobs runtime bounds the whole result). */
export function renderChunk(chunk: TerminalOutputChunk): string {
  if (chunk.omission) return withOmission(chunk.text, chunk.omission)
  return chunk.truncated ? `${chunk.text}\n${TRUNCATION_MARKER}` : chunk.text
}

/** A settled send, as the job detail reads it. */
export interface SentDetail {
  readonly waitReason: string
  readonly sessionStatus: TerminalSessionStatus
  readonly exitCode?: number
}

/**
 * The job detail of a settled background send: `wait: <reason>`, or `session exited: ...`;
 * a killed job says what the interrupt led to (job_kill delivers SIGINT).
 */
export function sendDetail(result: SentDetail, interrupted = false): string {
  if (result.sessionStatus.kind !== 'running') {
    const { exitCode, signal } = result.sessionStatus
    return `session exited: ${exitCode ?? signal ?? 'unknown'}`
  }
  if (!interrupted) return `wait: ${result.waitReason}`
  return `interrupted with SIGINT; ${afterInterrupt(result)}`
}

function afterInterrupt(result: SentDetail): string {
  switch (result.waitReason) {
    case 'stdin_read':
      return result.exitCode === undefined ? 'the program waits for input again' : `the shell is back at its prompt (exit ${result.exitCode})`
    case 'inferred_idle':
      return 'its output went quiet, it may still be running'
    default:
      return 'it was still running when the wait ended'
  }
}
