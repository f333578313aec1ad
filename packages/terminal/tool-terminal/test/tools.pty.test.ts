import { afterEach, describe, expect, it } from 'vitest'
import type { Agent } from 'dsh-agent'
import { CONTROLLED_PROMPT } from 'dsh-terminal-bash'
import { bootRealStack, type RealStack, waitFor } from './fixtures/real-stack'

let stack: RealStack | undefined

/** How many prompts the session has printed (in its newest 1000 lines). */
async function prompts(agent: Agent): Promise<number> {
  const page = await stack!.ok(agent, 'terminal_read', { sessionId: 'pty-1', count: 1000 })
  return (page.value as { text: string }).text.split(CONTROLLED_PROMPT).length - 1
}

/**
 * After an interrupt the shell prints a fresh prompt on its own; wait for it before the next
 * send, so that send cannot settle on that prompt instead of its own.
 */
async function waitForPromptAfter(agent: Agent, before: number): Promise<void> {
  await waitFor('the prompt after the interrupt', async () => (await prompts(agent)) > before)
}
afterEach(async () => { await stack?.dispose(); stack = undefined })

/** Keep foreground sends from settling on silence before the child printed (loaded CI hosts). */
const PATIENT = { idleSilenceMs: 5_000, timeoutMs: 25_000 }

describe('the six tools over real bash', () => {
  it('open, send (state persists), python3 REPL, read, list, close', async () => {
    stack = await bootRealStack({ bashConfig: PATIENT })
    const a = stack.agent('a')
    const open = await stack.ok(a, 'terminal_open', { type: 'shell', name: 'main' })
    expect(open.value).toMatchObject({ sessionId: 'pty-1', name: 'main', type: 'shell', status: { kind: 'running' } })
    expect(open.content.startsWith('started terminal session pty-1 (main) [type: shell]\n')).toBe(true)
    expect(open.call).toEqual({ card: 'generic', title: 'Open terminal main', kind: 'execute' })
    const pid = (open.value as { pid: number }).pid

    await stack.ok(a, 'terminal_send', { sessionId: 'pty-1', text: 'export KEEP=kept; mkdir -p sub && cd sub' })
    const state = await stack.ok(a, 'terminal_send', { sessionId: 'pty-1', text: 'echo "cwd=$PWD keep=$KEEP sum=$((6*7))"' })
    expect(state.content).toContain(`cwd=${stack.workspace}/sub keep=kept sum=42`)
    expect(state.content).toMatch(/\n\[wait: (stdin_read|inferred_idle)\]\n\[session: running\]$/)
    expect(state.call).toEqual({ card: 'terminal', title: 'echo "cwd=$PWD keep=$KEEP sum=$((6*7))"', description: 'Terminal pty-1' })
    expect(state.result).toEqual({ card: 'terminal', output: state.content })

    const py = await stack.ok(a, 'terminal_send', { sessionId: 'pty-1', text: 'python3 -q' })
    expect(py.value).toMatchObject({ kind: 'foreground', waitReason: 'stdin_read' })
    const answer = await stack.ok(a, 'terminal_send', { sessionId: 'pty-1', text: 'print(6*7, "py")' })
    expect(answer.content).toContain('42 py')
    await stack.ok(a, 'terminal_send', { sessionId: 'pty-1', text: 'exit()' })

    const read = await stack.ok(a, 'terminal_read', { sessionId: 'pty-1', count: 1000 })
    expect(read.content).toContain('42 py')
    expect(read.content).toMatch(/\n\[lines: 0-\d+ of \d+\]$/)
    expect(read.call).toEqual({ card: 'generic', title: 'Read terminal pty-1', kind: 'read' })

    const list = await stack.ok(a, 'terminal_list', {})
    expect(list.content).toBe(`pty-1 (main) [shell] running pid=${pid}`)

    const close = await stack.ok(a, 'terminal_close', { sessionId: 'pty-1' })
    expect(close.content).toBe('closed terminal session pty-1')
    expect((await stack.ok(a, 'terminal_list', {})).content).toBe('(no terminal sessions)')
    const gone = await stack.call(a, 'terminal_read', { sessionId: 'pty-1' })
    expect(gone.errorCode).toBe('NO_SESSION')
  })

  it('terminal_signal interrupts the foreground program, then the shell answers again', async () => {
    stack = await bootRealStack({ bashConfig: { idleSilenceMs: 1_000, timeoutMs: 25_000 } })
    const a = stack.agent('a')
    const pid = ((await stack.ok(a, 'terminal_open', { type: 'shell' })).value as { pid: number }).pid
    const sleeping = await stack.ok(a, 'terminal_send', { sessionId: 'pty-1', text: 'echo sle""eping; sleep 100' })
    expect(sleeping.content).toContain('sleeping')
    expect(sleeping.value).toMatchObject({ waitReason: 'inferred_idle', sessionStatus: { kind: 'running' } })
    const before = await prompts(a)
    const signal = await stack.ok(a, 'terminal_signal', { sessionId: 'pty-1', signal: 'SIGINT' })
    const pgid = (signal.value as { targetPgid: number }).targetPgid
    expect(pgid).not.toBe(pid)
    expect(signal.content).toBe(`delivered SIGINT to foreground process group ${pgid}`)
    await waitForPromptAfter(a, before)
    const after = await stack.ok(a, 'terminal_send', { sessionId: 'pty-1', text: 'echo "status=$? $((40+2))"' })
    expect(after.content).toContain('status=130 42')
  })

  it('cancelling a foreground terminal_send call interrupts its program', async () => {
    stack = await bootRealStack({ bashConfig: { idleSilenceMs: 20_000, timeoutMs: 25_000 } })
    const a = stack.agent('a')
    await stack.ok(a, 'terminal_open', { type: 'shell' })
    const controller = new AbortController()
    const before = await prompts(a)
    const pending = stack.root.tools.execute({ agent: a, name: 'terminal_send', arguments: { sessionId: 'pty-1', text: 'echo na""pping; sleep 100' }, signal: controller.signal })
    await waitFor('the command to start', async () => (await stack!.ok(a, 'terminal_read', { sessionId: 'pty-1' })).content.includes('\nnapping'))
    controller.abort(new Error('the user pressed stop'))
    const result = await pending
    expect(result.isError).toBe(true)
    expect(result.errorCode).toBe('CANCELLED')
    expect(result.content).toBe('Error [CANCELLED]: tool call was cancelled (the user pressed stop)')
    await waitForPromptAfter(a, before)
    const after = await stack.ok(a, 'terminal_send', { sessionId: 'pty-1', text: 'echo "status=$? $((6*7))"' })
    expect(after.content).toContain('status=130 42')
  })

  it('a foreground send offers a progress probe counting the output bytes so far', async () => {
    stack = await bootRealStack({ bashConfig: { idleSilenceMs: 20_000, timeoutMs: 25_000 } })
    const a = stack.agent('a')
    await stack.ok(a, 'terminal_open', { type: 'shell' })
    const controller = new AbortController()
    let probe: (() => { outputBytes?: number }) | undefined
    const pending = stack.root.tools.execute({
      agent: a,
      name: 'terminal_send',
      arguments: { sessionId: 'pty-1', text: "printf 'x%.0s' $(seq 1 3000); sleep 100" },
      signal: controller.signal,
      reportProgress: (p) => { probe = p },
    })
    // the echoed command line is short: 3000 bytes means the program's own output was counted
    await waitFor('3000 bytes of output in the probe', async () => (probe?.().outputBytes ?? 0) >= 3000)
    controller.abort(new Error('seen enough'))
    expect(await pending).toMatchObject({ isError: true, errorCode: 'CANCELLED' })
  })

  it('errors: unknown type, duplicate name, SIGKILL of the shell, closing twice at once', async () => {
    stack = await bootRealStack({ bashConfig: PATIENT })
    const a = stack.agent('a')
    expect((await stack.call(a, 'terminal_open', { type: 'nope' })).errorCode).toBe('NO_BACKEND')
    await stack.ok(a, 'terminal_open', { type: 'shell', name: 'main' })
    const dup = await stack.call(a, 'terminal_open', { type: 'shell', name: 'main' })
    expect(dup.errorCode).toBe('DUPLICATE_NAME')
    expect(dup.content.startsWith('Error [DUPLICATE_NAME]: ')).toBe(true)
    const kill = await stack.call(a, 'terminal_signal', { sessionId: 'pty-1', signal: 'SIGKILL' })
    expect(kill.isError).toBe(true)
    expect(kill.content).toContain('terminal_close')
    const [first, second] = await Promise.all([
      stack.call(a, 'terminal_close', { sessionId: 'pty-1' }),
      stack.call(a, 'terminal_close', { sessionId: 'pty-1' }),
    ])
    expect([first!.content, second!.content].sort()).toEqual(['closed terminal session pty-1', 'terminal session pty-1 was already closing'])
  })
})

describe('owner isolation through the tools', () => {
  it("agent B gets FOREIGN_SESSION for every tool on A's session, and an empty list", async () => {
    stack = await bootRealStack({ bashConfig: PATIENT })
    const a = stack.agent('a')
    const b = stack.agent('b')
    await stack.ok(a, 'terminal_open', { type: 'shell' })
    const calls: [string, Record<string, unknown>][] = [
      ['terminal_send', { sessionId: 'pty-1', text: 'echo intruder' }],
      ['terminal_send', { sessionId: 'pty-1', text: 'echo intruder', run_in_background: true }],
      ['terminal_read', { sessionId: 'pty-1' }],
      ['terminal_signal', { sessionId: 'pty-1', signal: 'SIGINT' }],
      ['terminal_close', { sessionId: 'pty-1' }],
    ]
    for (const [name, args] of calls) {
      const result = await stack.call(b, name, args)
      expect(result.errorCode, `${name} ${JSON.stringify(args)}`).toBe('FOREIGN_SESSION')
    }
    expect(stack.root.jobs.list(b)).toEqual([])
    const list = await stack.ok(b, 'terminal_list', {})
    expect(list.value).toEqual([])
    expect(list.content).toBe('(no terminal sessions)')
    // A's session is untouched and nothing B sent reached it
    const mine = await stack.ok(a, 'terminal_send', { sessionId: 'pty-1', text: 'echo "mine=$((2+3))"' })
    expect(mine.content).toContain('mine=5')
    const scrollback = await stack.ok(a, 'terminal_read', { sessionId: 'pty-1' })
    expect(scrollback.content).not.toContain('intruder')
  })
})

describe('background sends over real bash', () => {
  it('a background send is collected through ctx.jobs', async () => {
    stack = await bootRealStack({ bashConfig: PATIENT, toolConfig: { maxResultBytes: 4096 } })
    const a = stack.agent('a')
    await stack.ok(a, 'terminal_open', { type: 'shell' })
    const started = await stack.ok(a, 'terminal_send', { sessionId: 'pty-1', text: 'echo "bg=$((6*7))"', run_in_background: true })
    expect(started.content).toBe('started background job pty-send-1')
    const final = await stack.root.jobs.wait(a, 'pty-send-1', 20_000)
    expect(final).toMatchObject({ kind: 'pty-send', label: 'pty-1: echo "bg=$((6*7))"', status: 'completed', outputLimitBytes: 4096 })
    expect(final.detail).toMatch(/^wait: (stdin_read|inferred_idle)$/)
    expect(stack.root.jobs.read(a, 'pty-send-1').output).toContain('bg=42')
  })

  it('SEND_ACTIVE between a background and a foreground send; job kill with stty -isig; the session still works', async () => {
    stack = await bootRealStack({ bashConfig: PATIENT })
    const a = stack.agent('a')
    await stack.ok(a, 'terminal_open', { type: 'shell' })
    await stack.ok(a, 'terminal_send', { sessionId: 'pty-1', text: 'stty -isig' })
    await stack.ok(a, 'terminal_send', { sessionId: 'pty-1', text: 'echo STA""RTED; sleep 100', run_in_background: true })
    let output = ''
    await waitFor('the background sleep to start', () => {
      output += stack!.root.jobs.read(a, 'pty-send-1').output
      return output.includes('STARTED')
    })

    const foreground = await stack.call(a, 'terminal_send', { sessionId: 'pty-1', text: 'echo never' })
    expect(foreground.errorCode).toBe('SEND_ACTIVE')
    const second = await stack.call(a, 'terminal_send', { sessionId: 'pty-1', text: 'echo never', run_in_background: true })
    expect(second.errorCode).toBe('SEND_ACTIVE')
    expect(stack.root.jobs.list(a).map((j) => j.id)).toEqual(['pty-send-1'])

    const before = await prompts(a)
    stack.root.jobs.kill(a, 'pty-send-1')
    const final = await stack.root.jobs.wait(a, 'pty-send-1', 20_000)
    expect(final.status).toBe('killed')
    // the cancel waits for the shell's prompt after the interrupt: the detail says so
    expect(final.detail).toBe('interrupted with SIGINT; the shell is back at its prompt (exit 130)')
    await waitForPromptAfter(a, before)

    const after = await stack.ok(a, 'terminal_send', { sessionId: 'pty-1', text: 'echo "status=$? $((6*7))"; stty -a | grep -o -- "-isig"' })
    expect(after.content).toContain('status=130 42')
    expect(after.content).toMatch(/\n-isig\r?\n/)
  })

  it('job_output and job_kill collect and interrupt a background send, bounded by maxResultBytes', async () => {
    stack = await bootRealStack({ bashConfig: PATIENT, toolConfig: { maxResultBytes: 256 } })
    const a = stack.agent('a')
    await stack.ok(a, 'terminal_open', { type: 'shell' })
    await stack.ok(a, 'terminal_send', { sessionId: 'pty-1', text: 'for i in $(seq 100); do echo "Zeile-$i-äöü"; done; echo "P""ARKED"; sleep 100', run_in_background: true })
    let seen = ''
    await waitFor('the loop output', async () => {
      const out = await stack!.ok(a, 'job_output', { job_id: 'pty-send-1' })
      expect(Buffer.byteLength(out.content)).toBeLessThanOrEqual(256)
      seen += out.content
      return seen.includes('PARKED')
    })
    expect(seen).toContain('[status: running]')
    const before = await prompts(a)
    const kill = await stack.ok(a, 'job_kill', { job_id: 'pty-send-1' })
    expect(kill.content).toBe('requested cancellation of job pty-send-1')
    const final = await stack.ok(a, 'job_output', { job_id: 'pty-send-1', wait: true, timeout_ms: 20_000 })
    // the job's last output (the shell's prompt after the interrupt) is collected with it
    expect(final.content).toMatch(/dsh> \n\[status: killed, interrupted with SIGINT; the shell is back at its prompt \(exit 130\)\]$/)
    await waitForPromptAfter(a, before)
    const after = await stack.ok(a, 'terminal_send', { sessionId: 'pty-1', text: 'echo "status=$? $((6*7))"' })
    expect(after.content).toContain('status=130 42')
  })

  it('job_kill of a foreground server collects its last words and reads naturally', async () => {
    stack = await bootRealStack({ bashConfig: PATIENT })
    const a = stack.agent('a')
    await stack.ok(a, 'terminal_open', { type: 'shell' })
    await stack.ok(a, 'terminal_send', { sessionId: 'pty-1', text: 'python3 -m http.server 0 --bind 127.0.0.1', run_in_background: true })
    await waitFor('the server to serve', async () => (await stack!.ok(a, 'terminal_read', { sessionId: 'pty-1' })).content.includes('Serving HTTP'))
    await stack.ok(a, 'job_kill', { job_id: 'pty-send-1' })
    const final = await stack.ok(a, 'job_output', { job_id: 'pty-send-1', wait: true, timeout_ms: 20_000 })
    expect(final.content).toContain('Keyboard interrupt received, exiting.')
    expect(final.content).toMatch(/\[status: killed, interrupted with SIGINT; the shell is back at its prompt \(exit \d+\)\]$/)
  })

  it('enableRunInBackground false: a forced run_in_background is rejected and nothing is written', async () => {
    stack = await bootRealStack({ bashConfig: PATIENT, toolConfig: { enableRunInBackground: false } })
    const a = stack.agent('a')
    await stack.ok(a, 'terminal_open', { type: 'shell' })
    const forced = await stack.call(a, 'terminal_send', { sessionId: 'pty-1', text: 'echo forced-through', run_in_background: true })
    expect(forced.errorCode).toBe('INVALID_ARGUMENTS')
    expect(stack.root.jobs.list(a)).toEqual([])
    const page = await stack.ok(a, 'terminal_read', { sessionId: 'pty-1' })
    expect(page.content).not.toContain('forced-through')
    const fine = await stack.ok(a, 'terminal_send', { sessionId: 'pty-1', text: 'echo "fg=$((3*3))"' })
    expect(fine.content).toContain('fg=9')
  })

  it('without ctx.jobs a background send fails before anything is written', async () => {
    stack = await bootRealStack({ bashConfig: PATIENT, jobs: false })
    const a = stack.agent('a')
    await stack.ok(a, 'terminal_open', { type: 'shell' })
    const result = await stack.call(a, 'terminal_send', { sessionId: 'pty-1', text: 'echo bg-without-jobs', run_in_background: true })
    expect(result.errorCode).toBe('NO_JOBS')
    expect(result.content).toContain('dsh-jobs')
    const page = await stack.ok(a, 'terminal_read', { sessionId: 'pty-1' })
    expect(page.content).not.toContain('bg-without-jobs')
  })
})

describe('terminal_read while a full-screen program shows', () => {
  it('the page is followed by the screen the scrollback does not hold, as content and as result.screen', async () => {
    stack = await bootRealStack({ bashConfig: PATIENT })
    const a = stack.agent('a')
    await stack.ok(a, 'terminal_open', { type: 'shell' })
    await stack.ok(a, 'terminal_send', { sessionId: 'pty-1', text: "printf 'row-%s\\n' $(seq 1 100) > nums.txt" })
    const less = await stack.ok(a, 'terminal_send', { sessionId: 'pty-1', text: 'TERM=xterm-256color less nums.txt' })
    expect(less.content).toContain('\nrow-2\n')
    const page = await stack.ok(a, 'terminal_read', { sessionId: 'pty-1' })
    const screen = (page.value as { screen?: string }).screen
    expect(screen).toMatch(/^\[screen snapshot of a full-screen program \(40 rows x 160 columns\); cursor at row \d+, column \d+\]\nrow-1\nrow-2\n/)
    expect(page.content).toMatch(/\n\[lines: \d+-\d+ of \d+\]\n\[screen snapshot of a full-screen program/)
    expect(page.content.endsWith(screen!)).toBe(true)
    await stack.ok(a, 'terminal_send', { sessionId: 'pty-1', text: 'q', submit: false })
    const after = await stack.ok(a, 'terminal_read', { sessionId: 'pty-1' })
    expect(after.value).not.toHaveProperty('screen')
    expect(after.content).not.toContain('[screen snapshot')
  })
})

describe('result bounding over real output', () => {
  it('64 bytes: ids whole, metadata kept, multi-byte output cut on code points', async () => {
    stack = await bootRealStack({ bashConfig: PATIENT, toolConfig: { maxResultBytes: 64 } })
    const a = stack.agent('a')
    const open = await stack.ok(a, 'terminal_open', { type: 'shell', name: 'a-rather-long-session-name-that-does-not-fit' })
    expect(open.content.startsWith('started terminal session pty-1 ')).toBe(true)
    expect(Buffer.byteLength(open.content)).toBeLessThanOrEqual(64)
    const sent = await stack.ok(a, 'terminal_send', { sessionId: 'pty-1', text: 'for i in $(seq 30); do printf "日本語€"; done; echo; echo "E""ND"' })
    const text = sent.content
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(64)
    expect(new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(text))).toBe(text)
    expect(text).toMatch(/\n\[wait: \w+\]\n\[session: running\]\n\[output truncated\]$/)
    const bg = await stack.ok(a, 'terminal_send', { sessionId: 'pty-1', text: 'printf "€%.0s" $(seq 200)', run_in_background: true })
    expect(bg.content).toBe('started background job pty-send-1')
    expect((await stack.root.jobs.wait(a, 'pty-send-1', 20_000)).outputLimitBytes).toBe(64)
    const err = await stack.call(a, 'terminal_read', { sessionId: 'pty-999999' })
    expect(Buffer.byteLength(err.content)).toBeLessThanOrEqual(64)
    expect(err.content.startsWith('Error [NO_SESSION]')).toBe(true)
  })
})
