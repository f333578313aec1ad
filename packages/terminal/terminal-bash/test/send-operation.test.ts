import type { ForegroundInspection } from 'dsh-subprocess'
import type { TerminalSessionStatus } from 'dsh-terminal'
import { describe, expect, it } from 'vitest'
import { RenderedOutput } from '../src/output/rendered-output'
import { parseSttyG, type Termios } from '../src/readiness/termios'
import type { ScreenView } from '../src/readiness/send-readiness'
import { CANCEL_SETTLE_MAX_MS, SendOperation, type SendPort } from '../src/session/send-operation'
import { FakeBarrier } from './fakes/fake-barrier'
import { fg } from './fakes/fake-foreground'
import { FakeScheduler, flush } from './fakes/fake-scheduler'

/** `stty -g` of a fresh Linux pty (cooked: ISIG ICANON ECHO IEXTEN). */
const COOKED = '500:5:bf:8a3b:3:1c:7f:15:4:0:1:0:11:13:1a:0:12:f:17:16:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0'

const timing = { pollIntervalMs: 50, exactProbeAfterMs: 150, idleSilenceMs: 300, handoffGraceMs: 50, timeoutMs: 5000 }

/** A port whose inspect/interrupt settle only when the test says so. */
class FakePort implements SendPort {
  written: string[] = []
  interrupts = 0
  statusValue: TerminalSessionStatus = { kind: 'running' }
  pendingInspect: ((v: ForegroundInspection) => void)[] = []
  releaseInterrupt: (() => void) | undefined
  holdInspect = false
  inspection = fg('waiting')
  readonly barrier = new FakeBarrier()

  flushOutput(): Promise<boolean> {
    return this.barrier.flush()
  }

  inspect(): Promise<ForegroundInspection> {
    if (!this.holdInspect) return Promise.resolve(this.inspection)
    return new Promise((resolve) => this.pendingInspect.push(resolve))
  }
  async write(data: string): Promise<void> {
    this.written.push(data)
  }
  interrupt(): Promise<{ targetPgid: number }> {
    this.interrupts++
    return new Promise((resolve) => { this.releaseInterrupt = () => resolve({ targetPgid: 300 }) })
  }
  status(): TerminalSessionStatus {
    return this.statusValue
  }
  typedAtPrompt(text: string): string | undefined {
    return text
  }
  termiosValue: Termios | undefined = undefined
  termiosReads = 0
  async termios(): Promise<Termios | undefined> {
    this.termiosReads++
    return this.termiosValue
  }
  /** The terminal's input queue (FIONREAD); undefined: it cannot be counted. */
  inputQueuedValue: number | undefined = undefined
  async inputQueued(): Promise<number | undefined> {
    return this.inputQueuedValue
  }
}

function start(port: FakePort, text: string, options: { submit?: boolean; signal?: AbortSignal; screen?: ScreenView } = {}) {
  const clock = new FakeScheduler()
  const prompt: { markers: number; promptReady: boolean; promptShown?: boolean } = { markers: 0, promptReady: false }
  let doneCalls = 0
  const out = new RenderedOutput({ cols: 160, rows: 40, maxLines: 1000, maxBytes: 100_000, maxReadBytes: 1024 })
  const op: SendOperation = new SendOperation({
    port,
    request: { text, submit: options.submit ?? true, signal: options.signal },
    scheduler: clock,
    timing,
    prompt,
    screen: options.screen,
    output: { take: () => out.take(), viewport: async () => out.take() },
    enter: '\r',
    onDone: () => { doneCalls++ },
  })
  /** The session's output arrives: rendered, and activity for the send. */
  const emit = (text: string) => {
    out.feed([{ kind: 'text', text }])
    op.activity()
  }
  return { op, out, emit, clock, prompt, doneCount: () => doneCalls }
}

describe('SendOperation', () => {
  it('writes text plus Enter, collects output, and resolves with the unread viewport', async () => {
    const port = new FakePort()
    const { op, out, emit, clock, prompt, doneCount } = start(port, 'echo hi')
    await flush()
    expect(port.written).toEqual(['echo hi\r'])
    emit('echo hi\nhi\n')
    expect(op.readOutput()).toEqual({ text: 'echo hi\nhi\n', truncated: false })
    port.inspection = fg('waiting', { rchar: 8 })
    prompt.markers = 1
    prompt.promptReady = true
    emit('dsh> ')
    await clock.advance(0)
    const result = await op.done
    expect(result).toEqual({ viewport: 'dsh> ', waitReason: 'stdin_read', sessionStatus: { kind: 'running' }, truncated: false })
    expect(doneCount()).toBe(1)
    // output after the settle is not this send's: it stays for the next one
    emit('late')
    expect(op.readOutput().text).toBe('')
    expect(out.take().text).toBe('late')
  })

  it('output delivered before the output barrier resolves lands in the viewport', async () => {
    const port = new FakePort()
    port.barrier.hold = true
    const { op, emit, clock } = start(port, 'echo hi')
    await flush()
    // the counters prove the shell read the input and waits again; no marker arrived yet
    port.inspection = fg('waiting', { rchar: 8 })
    await clock.advance(50)
    expect(port.barrier.waiting).toBe(1)
    expect(op.waitReason).toBeUndefined()
    // the kernel hands over what was written before the barrier
    emit('echo hi\nhi\ndsh> ')
    port.barrier.release()
    await clock.advance(0)
    const result = await op.done
    expect(result).toMatchObject({ viewport: 'echo hi\nhi\ndsh> ', waitReason: 'stdin_read' })
  })

  it('submit false writes only the text', async () => {
    const port = new FakePort()
    start(port, '\x03', { submit: false })
    await flush()
    expect(port.written).toEqual(['\x03'])
  })

  it('cancelled during the pre-write inspection, the input is never written; done waits for the SIGINT and the prompt after it', async () => {
    const port = new FakePort()
    port.holdInspect = true
    const { op, emit, clock, prompt } = start(port, 'rm -rf build')
    await flush()
    op.cancel(new Error('stop'))
    port.pendingInspect.shift()!(fg('waiting'))
    port.holdInspect = false
    await flush()
    expect(port.interrupts).toBe(1)
    expect(port.written).toEqual([])
    // nothing written: the interrupt is a real SIGINT, never a typed one
    expect(port.termiosReads).toBe(0)
    let settled = false
    void op.done.then(() => { settled = true })
    await clock.advance(1_000)
    expect(settled).toBe(false)
    port.releaseInterrupt!()
    await flush()
    // the interrupted shell prompts again: the session is ready for the next send
    prompt.markers = 1
    prompt.promptShown = true
    emit('^C\ndsh> ')
    await clock.advance(10)
    const result = await op.done
    expect(result).toMatchObject({ waitReason: 'stdin_read', viewport: '^C\ndsh> ' })
    expect(port.written).toEqual([])
  })

  it('an AbortSignal cancels like cancel(); an already aborted one writes nothing and is bounded', async () => {
    const port = new FakePort()
    const controller = new AbortController()
    controller.abort(new Error('caller gone'))
    const { op, emit, clock } = start(port, 'echo x', { signal: controller.signal })
    await flush()
    expect(port.written).toEqual([])
    expect(port.interrupts).toBe(1)
    port.releaseInterrupt!()
    await flush()
    // the foreground keeps printing and never shows it is ready again: the cancel bound
    // releases the session
    port.inspection = fg('not-waiting')
    for (let t = 0; t < CANCEL_SETTLE_MAX_MS; t += 100) {
      emit('still busy\n')
      await clock.advance(100)
    }
    expect((await op.done).waitReason).toBe('timeout')
  })

  it('cancelled before anything was written while the shell idles at its prompt: nothing to interrupt', async () => {
    const port = new FakePort()
    const controller = new AbortController()
    controller.abort()
    const screen = { paste: false, alternate: false, leaving: false, lastLine: 'dsh> ', lastOutputAt: 0, interruptEchoes: 0 }
    const clock = new FakeScheduler()
    const op = new SendOperation({
      port,
      request: { text: 'echo x', submit: true, signal: controller.signal },
      scheduler: clock,
      timing,
      prompt: { markers: 0, promptReady: false, promptShown: true },
      screen,
      output: { take: () => ({ text: '', truncated: false }), viewport: async () => ({ text: '', truncated: false }) },
      enter: '\r',
      onDone: () => {},
    })
    await flush()
    expect((await op.done).waitReason).toBe('timeout')
    // a SIGINT to an idle readline only races it (a late one eats the next keystroke)
    expect(port.interrupts).toBe(0)
    expect(port.written).toEqual([])
  })

  it('written input is cancelled by typing INTR when the line discipline flushes with it', async () => {
    const port = new FakePort()
    port.termiosValue = parseSttyG(COOKED)
    const { op, emit, clock, prompt } = start(port, 'sleep 2; echo done')
    await flush()
    expect(port.written).toEqual(['sleep 2; echo done\r'])
    op.cancel()
    await flush()
    // no SIGINT: the typed ^C signals the foreground group and drops the unread input
    expect(port.interrupts).toBe(0)
    expect(port.written).toEqual(['sleep 2; echo done\r', '\u0003'])
    // whatever was unread is gone: the prompt after the interrupt settles without a command
    prompt.markers = 1
    prompt.promptShown = true
    emit('^C\ndsh> ')
    await clock.advance(0)
    expect((await op.done).waitReason).toBe('stdin_read')
  })

  it('written input under -isig is cancelled by a real SIGINT', async () => {
    const port = new FakePort()
    port.termiosValue = { ...parseSttyG(COOKED)!, isig: false }
    const { op } = start(port, 'cat')
    await flush()
    op.cancel()
    await flush()
    expect(port.interrupts).toBe(1)
    expect(port.written).toEqual(['cat\r'])
    port.releaseInterrupt!()
    op.abandon('session_exit')
    expect((await op.done).waitReason).toBe('session_exit')
  })

  it('readiness proven while the SIGINT is in flight still waits for the delivery', async () => {
    const port = new FakePort()
    const { op, emit, clock, prompt } = start(port, 'sleep 100')
    await flush()
    op.cancel()
    port.inspection = fg('waiting', { rchar: 10 })
    prompt.markers = 1
    prompt.promptReady = true
    emit('^C\ndsh> ')
    await clock.advance(0)
    let settled = false
    void op.done.then(() => { settled = true })
    await flush()
    expect(settled).toBe(false)
    port.releaseInterrupt!()
    expect((await op.done).waitReason).toBe('stdin_read')
  })

  it('exit settles session_exit with the exit status', async () => {
    const port = new FakePort()
    const { op, emit } = start(port, 'exit 3')
    await flush()
    emit('exit\n')
    port.statusValue = { kind: 'exited', exitCode: 3, signal: null }
    op.exited()
    expect(await op.done).toEqual({
      viewport: 'exit\n',
      waitReason: 'session_exit',
      sessionStatus: { kind: 'exited', exitCode: 3, signal: null },
      truncated: false,
    })
  })

  it('bounds the viewport and reports truncation', async () => {
    const port = new FakePort()
    const { op, emit } = start(port, 'yes')
    await flush()
    for (let i = 0; i < 100; i++) emit('y\n'.repeat(20))
    op.abandon('session_exit')
    const result = await op.done
    expect(result.truncated).toBe(true)
    expect(result.viewport.length).toBeLessThanOrEqual(1024)
    // head and tail kept, the middle counted: 2000 lines of output plus the empty last line
    expect(result.omission).toBeDefined()
    const kept = result.viewport.split('\n').length - 1
    expect(result.omission!.lines + kept).toBe(2000)
  })
})

describe('SendOperation: whether input went unread', () => {
  /** A busy program (not the shell) holds the terminal and reads nothing: the send settles on silence. */
  async function unreadNotes(queued: number | undefined, text = 'echo are-you-there', submit = true) {
    const port = new FakePort()
    port.inspection = fg('not-waiting', { pgid: 200, rchar: 0 })
    port.inputQueuedValue = queued
    port.termiosValue = parseSttyG(COOKED)
    const { op, clock } = start(port, text, { submit })
    await flush()
    await clock.advance(timing.idleSilenceMs + timing.pollIntervalMs)
    const result = await op.done
    expect(result.waitReason).toBe('inferred_idle')
    return result.notes
  }

  it('the queue cannot be counted: the foreground group\'s read counters decide', async () => {
    expect(await unreadNotes(undefined)).toEqual([{ kind: 'unread-input' }])
  })

  it('the terminal still holds the bytes: unread', async () => {
    expect(await unreadNotes(19)).toEqual([{ kind: 'unread-input' }])
  })

  it('an empty queue wins over counters that saw no read (a reader outside the group, as tmux\'s server)', async () => {
    expect(await unreadNotes(0)).toBeUndefined()
  })

  it('text without a line end in canonical mode is not readable yet: not unread but line-buffered, counted either way', async () => {
    expect(await unreadNotes(0, 'q', false)).toEqual([{ kind: 'line-buffered', text: 'q' }])
    expect(await unreadNotes(undefined, 'q', false)).toEqual([{ kind: 'line-buffered', text: 'q' }])
  })
})
