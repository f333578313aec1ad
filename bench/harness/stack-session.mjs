// A terminal session driven through the six terminal tools, over any `call(tool, args)`
// transport (in-process ctx.tools or the headless host). Timing covers the whole call.
import { stopwatch } from './stats.mjs'

/** Generous bound on a tool call: only matters when something hangs. */
export const CALL_TIMEOUT_MS = 180_000

export async function openStackSession(call) {
  const r = await call('terminal_open', { type: 'shell' })
  if (!r.ok) throw new Error(`terminal_open failed: ${r.code}: ${r.content}`)
  const { sessionId, pid } = r.value
  return {
    pid,
    sessionId,
    async send(text) {
      const elapsed = stopwatch()
      const s = await call('terminal_send', { sessionId, text })
      const ms = elapsed()
      if (!s.ok) return { ms, output: '', reason: `error:${s.code}`, resultBytes: Buffer.byteLength(s.content ?? '') }
      const v = s.value
      return { ms, output: v.viewport, reason: v.waitReason, truncated: v.truncated, resultBytes: Buffer.byteLength(s.content) }
    },
    async close() {
      const c = await call('terminal_close', { sessionId })
      if (!c.ok) throw new Error(`terminal_close failed: ${c.code}: ${c.content}`)
    },
  }
}
