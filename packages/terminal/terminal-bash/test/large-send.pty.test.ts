import { afterEach, describe, expect, it } from 'vitest'
import { boot, type Harness, waitFor } from './fixtures/harness'

let h: Harness | undefined
afterEach(async () => {
  await h?.dispose()
  h = undefined
})

/** `lines` numbered lines of 63 characters (64 bytes with the line end), as a heredoc body. */
function body(lines: number): string {
  return Array.from({ length: lines }, (_, i) => `row-${String(i).padStart(6, '0')}-${'x'.repeat(52)}`).join('\n')
}

describe('one send: capped, and written as the program reads it (real PTY)', () => {
  it('a send over maxSendBytes is refused with a pointer to a file, and nothing is written', async () => {
    h = await boot({ maxSendBytes: 4096 })
    const id = await h.open()
    expect(() => h!.root.terminals.startSend(h!.agent, id, { text: `echo ${'a'.repeat(5000)}`, submit: true }))
      .toThrow(expect.objectContaining({ code: 'SEND_TOO_LARGE', message: expect.stringMatching(/write it to a file instead/i) }))
    const r = await h.send(id, 'echo "still-$((40+2))"')
    expect(r.viewport).toContain('still-42')
    expect(r.viewport).not.toContain('aaaa')
  })

  it('a 256 KiB heredoc reaches the program whole', async () => {
    h = await boot({ idleSilenceMs: 20_000, handoffGraceMs: 500, timeoutMs: 120_000 })
    const id = await h.open()
    const lines = 4096
    const r = await h.send(id, `wc -lc <<'EOF'\n${body(lines)}\nEOF`)
    expect(r.waitReason).toBe('stdin_read')
    // wc counts what the shell handed it: every line, 64 bytes with its newline
    expect(r.viewport).toMatch(new RegExp(`\\n\\s*${lines}\\s+${lines * 64}\\n`))
    expect(r.notes).toBeUndefined()
  }, 150_000)

  it('a program that stops reading leaves the rest unwritten, and the result says how much went', async () => {
    h = await boot({ idleSilenceMs: 20_000, handoffGraceMs: 500, timeoutMs: 1_500 })
    const id = await h.open()
    const started = await h.send(id, `sh -c 'echo "sleeping-$((1+1))"; exec sleep 30'`)
    expect(started.waitReason).toBe('timeout')
    await waitFor('the sleep', async () => (await h!.root.terminals.read(h!.agent, id, {})).text.includes('sleeping-2'))
    const text = body(1024)
    const r = await h.send(id, text, false)
    expect(r.waitReason).toBe('timeout')
    const cut = r.notes?.find((n) => n.kind === 'input-cut')
    expect(cut).toBeDefined()
    expect(cut).toMatchObject({ totalBytes: Buffer.byteLength(text) })
    expect((cut as { writtenBytes: number }).writtenBytes).toBeLessThan(Buffer.byteLength(text))
    await h.root.terminals.signal(h.agent, id, 'SIGKILL')
  })
})
