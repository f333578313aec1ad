import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { boot, type Harness, PROVEN_ONLY, waitFor } from './fixtures/harness'
import { requireTool } from './fixtures/tools'

/** A busy program never reaches a prompt: settle on a short silence. */
const SHORT_IDLE = { idleSilenceMs: 300, handoffGraceMs: 50, timeoutMs: 20_000 }

let h: Harness | undefined
afterEach(async () => {
  await h?.dispose()
  h = undefined
})

describe('the model is told what it cannot see (real PTY)', () => {
  it('text left unsubmitted on the shell command line is reported, and cleared by ^U', async () => {
    h = await boot(PROVEN_ONLY)
    const id = await h.open()
    const typed = await h.send(id, 'q', false)
    expect(typed.waitReason).toBe('stdin_read')
    expect(typed.notes).toEqual([{ kind: 'pending-input', text: 'q' }])
    const more = await h.send(id, 'xy\u007f', false)
    expect(more.notes).toEqual([{ kind: 'pending-input', text: 'qx' }])
    const cleared = await h.send(id, '\u0015', false)
    expect(cleared.notes).toBeUndefined()
    const r = await h.send(id, 'echo "clean-$((1+1))"')
    expect(r.viewport).toContain('clean-2')
    expect(r.notes).toBeUndefined()
  })

  it('typeahead the foreground program does not read is reported as queued', async () => {
    requireTool('python3', 'apt-get install python3')
    h = await boot(SHORT_IDLE)
    const id = await h.open()
    await h.send(id, `python3 -c 'import time; print("busy-" + "now", flush=True); time.sleep(60)'`)
    await waitFor('the busy program to run', async () => (await h!.root.terminals.read(h!.agent, id, {})).text.includes('busy-now'))
    const queued = await h.send(id, 'echo "are-you-$((40+2))"')
    expect(queued.waitReason).toBe('inferred_idle')
    expect(queued.notes).toEqual([{ kind: 'unread-input' }])
    // it is still queued: once the program ends, the shell reads and runs it
    await h.root.terminals.signal(h.agent, id, 'SIGINT')
    await waitFor('the queued command to run', async () => (await h!.root.terminals.read(h!.agent, id, {})).text.includes('are-you-42'))
  })

  it('text without a line end sent to a busy canonical-mode program is reported as line-buffered', async () => {
    requireTool('python3', 'apt-get install python3')
    h = await boot(SHORT_IDLE)
    const id = await h.open()
    await h.send(id, `python3 -c 'import time; print("busy-" + "now", flush=True); time.sleep(60)'`)
    await waitFor('the busy program to run', async () => (await h!.root.terminals.read(h!.agent, id, {})).text.includes('busy-now'))
    const typed = await h.send(id, 'q', false)
    expect(typed.waitReason).toBe('inferred_idle')
    expect(typed.notes).toEqual([{ kind: 'line-buffered', text: 'q' }])
    await h.root.terminals.signal(h.agent, id, 'SIGINT')
  })

  it('input read by a program outside the foreground group (tmux\'s server) is not reported as queued', async () => {
    requireTool('tmux', 'apt-get install tmux')
    h = await boot(SHORT_IDLE)
    const id = await h.open()
    const socket = join(h.workspace, 'tmux.sock')
    try {
      const opened = await h.send(id, `TERM=xterm-256color tmux -S ${socket} -f /dev/null new -s dsh`)
      expect(opened.viewport).toContain('[screen snapshot')
      // the foreground group is tmux's client; the server reads the terminal and runs the line
      const typed = await h.send(id, 'echo "in-tmux-$((40+2))"')
      expect(typed.waitReason).toBe('inferred_idle')
      // tmux's screen (the alternate screen) shows what the inner shell printed
      expect(typed.viewport).toContain('\nin-tmux-42\n')
      expect(typed.notes).toBeUndefined()
    } finally {
      execFileSync('tmux', ['-S', socket, 'kill-server'], { stdio: 'ignore' })
    }
  })

  it('the exit status of shell commands: exitCode on results that end at the prompt', async () => {
    h = await boot(PROVEN_ONLY)
    const id = await h.open()
    expect((await h.send(id, 'true')).exitCode).toBe(0)
    expect((await h.send(id, 'false')).exitCode).toBe(1)
    expect((await h.send(id, '(exit 42)')).exitCode).toBe(42)
    expect((await h.send(id, `sh -c 'kill -TERM $$'`)).exitCode).toBe(143)
  })

  it('the exit status is absent where the send did not end at the shell prompt', async () => {
    requireTool('python3', 'apt-get install python3')
    h = await boot(PROVEN_ONLY)
    const id = await h.open()
    const repl = await h.send(id, 'python3 -q')
    expect(repl.viewport).toContain('>>> ')
    expect(repl.exitCode).toBeUndefined()
    expect((await h.send(id, 'import sys; sys.exit(3)')).exitCode).toBe(3)
  })

  it('text without a line end for a canonical-mode reader waits in the line buffer', async () => {
    h = await boot(PROVEN_ONLY)
    const id = await h.open()
    await h.send(id, 'tr a-z A-Z')
    const partial = await h.send(id, 'abc', false)
    expect(partial.waitReason).toBe('stdin_read')
    expect(partial.notes).toEqual([{ kind: 'line-buffered', text: 'abc' }])
    const rest = await h.send(id, 'def')
    expect(rest.viewport).toContain('ABCDEF\n')
    expect(rest.notes).toBeUndefined()
    await h.send(id, '\u0004', false)
  })

  it('a terminal query from a program that does not read the answer leaves no typeahead', async () => {
    h = await boot(PROVEN_ONLY)
    const id = await h.open()
    await h.send(id, "printf '\\033[6n'; sleep 0.2")
    const next = await h.send(id, 'echo "after-$((1+1))"')
    expect(next.viewport).toContain('after-2')
    expect(next.viewport).not.toContain('syntax error')
    expect(next.exitCode).toBe(0)
  })

  it('a program that reads its answer in raw mode still gets it', async () => {
    h = await boot(PROVEN_ONLY)
    const id = await h.open()
    // biome-ignore lint/suspicious/noTemplateCurlyInString: bash parameter expansion
    const r = await h.send(id, 'printf "\\033[6n"; IFS= read -rs -d R -t 10 pos; echo "answer=${pos#*[}"')
    expect(r.viewport).toMatch(/answer=\d+;\d+\n/)
  })
})
