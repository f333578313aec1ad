import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { HeadlessProcess } from './helpers/headless-process'
import { overlayWith } from './helpers/overlay'
import { BOUNDED_STEPS, ERROR_STEPS, type ToolStep } from './helpers/overlay-steps'
import { pinned, runTranscript } from './helpers/transcript'

// The headless PTY overlay (examples/headless/pty.cordis.yml) as written, with every terminal
// result bounded to 64 bytes, through the real CLI; normalised in one place (helpers/normalize.ts).
// The ACP front pins the same steps as session/update streams (packages/hosts/acp).

const OVERLAY_64 = overlayWith(fileURLToPath(new URL('../../../../examples/headless/pty.cordis.yml', import.meta.url)), { 'tool-terminal': { maxResultBytes: 64 } })
const utf8 = (text: unknown) => new TextEncoder().encode(String(text)).length
const calls = (steps: readonly ToolStep[]) => steps.map(({ tool, args }) => ({ agent: 'a', tool, args }))

let host: HeadlessProcess | undefined
afterEach(async () => {
  // a failing test must not leave the host running
  await host?.kill()
  host = undefined
})

async function finish(h: HeadlessProcess) {
  h.end()
  expect(await h.exited, h.stderr).toEqual({ code: 0, signal: null })
}

describe('headless PTY overlay snapshots (maxResultBytes: 64)', () => {
  it('pins the six terminal schemas next to the job tools', async () => {
    host = HeadlessProcess.start(OVERLAY_64)
    const [tools] = await runTranscript(host, [{ op: 'tools', agent: 'a' }])
    const listing = (tools!.answer.result as { tools: { name: string }[] }).tools
    expect(listing.map((t) => t.name)).toEqual(['job_kill', 'job_list', 'job_output', 'terminal_close', 'terminal_list', 'terminal_open', 'terminal_read', 'terminal_send', 'terminal_signal'])
    expect(pinned([tools!])).toMatchSnapshot()
    await finish(host)
  })

  it('pins every result bounded to 64 bytes', async () => {
    host = HeadlessProcess.start(OVERLAY_64)
    const turns = await runTranscript(host, calls(BOUNDED_STEPS))
    for (const { answer } of turns) {
      expect(utf8(answer.content), String(answer.content)).toBeLessThanOrEqual(64)
      expect(String(answer.content)).not.toContain('\uFFFD')
    }
    expect(pinned(turns)).toMatchSnapshot()
    await finish(host)
  })

  it('pins the error texts', async () => {
    host = HeadlessProcess.start(OVERLAY_64)
    const turns = await runTranscript(host, calls(ERROR_STEPS))
    expect(turns.map((t) => t.answer.ok)).toEqual([true, false, false, false, false, false, false, false, false, true, false, false, true, true, false, false])
    expect(pinned(turns)).toMatchSnapshot()
    await finish(host)
  })
})
