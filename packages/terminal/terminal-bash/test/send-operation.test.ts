import type { ForegroundInspection } from 'dsh-subprocess'
import type { TerminalSessionStatus } from 'dsh-terminal'
import { describe, expect, it } from 'vitest'
import { SendOperation, type SendPort } from '../src/session/send-operation'
import { FakeBarrier } from './fakes/fake-barrier'
import { fg } from './fakes/fake-foreground'
import { FakeScheduler, flush } from './fakes/fake-scheduler'

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
  interrupt(): Promise<unknown> {
    this.interrupts++
    return new Promise((resolve) => { this.releaseInterrupt = () => resolve({ delivered: true }) })
  }
  status(): TerminalSessionStatus {
    return this.statusValue
  }
}

function start(port: FakePort, text: string, options: { submit?: boolean; signal?: AbortSignal } = {}) {
  const clock = new FakeScheduler()
  const prompt = { markers: 0, promptReady: false }
  let doneCalls = 0
  const op = new SendOperation({
    port,
    request: { text, submit: options.submit ?? true, signal: options.signal },
    scheduler: clock,
    timing,
    prompt,
    maxOutputBytes: 1024,
    enter: '\r',
    onDone: () => { doneCalls++ },
  })
  return { op, clock, prompt, doneCount: () => doneCalls }
}

describe('SendOperation', () => {
  it('writes text plus Enter, collects output, and resolves with the unread viewport', async () => {
    const port = new FakePort()
    const { op, clock, prompt, doneCount } = start(port, 'echo hi')
    await flush()
    expect(port.written).toEqual(['echo hi\r'])
    op.append('echo hi\nhi\n')
    expect(op.readOutput()).toEqual({ text: 'echo hi\nhi\n', truncated: false })
    port.inspection = fg('waiting', { rchar: 8 })
    prompt.markers = 1
    prompt.promptReady = true
    op.append('dsh> ')
    await clock.advance(0)
    const result = await op.done
    expect(result).toEqual({ viewport: 'dsh> ', waitReason: 'stdin_read', sessionStatus: { kind: 'running' }, truncated: false })
    expect(doneCount()).toBe(1)
    // a settled operation accepts no more output
    op.append('late')
    expect(op.readOutput().text).toBe('')
  })

  it('output delivered before the output barrier resolves lands in the viewport', async () => {
    const port = new FakePort()
    port.barrier.hold = true
    const { op, clock } = start(port, 'echo hi')
    await flush()
    // the counters prove the shell read the input and waits again; no marker arrived yet
    port.inspection = fg('waiting', { rchar: 8 })
    await clock.advance(50)
    expect(port.barrier.waiting).toBe(1)
    expect(op.waitReason).toBeUndefined()
    // the kernel hands over what was written before the barrier
    op.append('echo hi\nhi\ndsh> ')
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

  it('cancelled during the pre-write inspection, the input is never written; done waits for the SIGINT', async () => {
    const port = new FakePort()
    port.holdInspect = true
    const { op, clock } = start(port, 'rm -rf build')
    await flush()
    op.cancel(new Error('stop'))
    expect(port.interrupts).toBe(1)
    port.pendingInspect.shift()!(fg('waiting'))
    await flush()
    expect(port.written).toEqual([])
    let settled = false
    void op.done.then(() => { settled = true })
    await clock.advance(10_000)
    expect(settled).toBe(false)
    port.releaseInterrupt!()
    const result = await op.done
    expect(result.waitReason).toBe('timeout')
    expect(port.written).toEqual([])
  })

  it('an AbortSignal cancels like cancel(); an already aborted one writes nothing', async () => {
    const port = new FakePort()
    const controller = new AbortController()
    controller.abort(new Error('caller gone'))
    const { op } = start(port, 'echo x', { signal: controller.signal })
    await flush()
    expect(port.written).toEqual([])
    expect(port.interrupts).toBe(1)
    port.releaseInterrupt!()
    expect((await op.done).waitReason).toBe('timeout')
  })

  it('readiness proven while the SIGINT is in flight still waits for the delivery', async () => {
    const port = new FakePort()
    const { op, clock, prompt } = start(port, 'sleep 100')
    await flush()
    op.cancel()
    port.inspection = fg('waiting', { rchar: 10 })
    prompt.markers = 1
    prompt.promptReady = true
    op.append('^C\ndsh> ')
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
    const { op } = start(port, 'exit 3')
    await flush()
    op.append('exit\n')
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
    const { op } = start(port, 'yes')
    await flush()
    for (let i = 0; i < 100; i++) op.append('y\n'.repeat(20))
    op.abandon('session_exit')
    const result = await op.done
    expect(result.truncated).toBe(true)
    expect(result.viewport.length).toBeLessThanOrEqual(1024)
  })
})
