import type { TerminalWaitReason } from 'dsh-terminal'
import { describe, expect, it } from 'vitest'
import { SendReadiness } from '../src/readiness/send-readiness'
import { DRAIN_MAX_MS, DRAIN_QUIET_MS, QUIET_PROBE_MS, TYPEAHEAD_QUIET_MS, UNCERTAIN_QUIET_MS } from '../src/readiness/timing'
import { FakeBarrier } from './fakes/fake-barrier'
import { FakeInspector, fg } from './fakes/fake-foreground'
import { FakeScheduler } from './fakes/fake-scheduler'

const timing = { pollIntervalMs: 50, exactProbeAfterMs: 150, idleSilenceMs: 3000, handoffGraceMs: 500, timeoutMs: 30000 }

function setup(overrides: Partial<typeof timing> = {}, partial?: { leaving: boolean; lastLine: string; lastOutputAt: number }) {
  const screen = partial === undefined ? undefined : Object.assign(partial, { paste: false, alternate: false, interruptEchoes: 0 })
  const clock = new FakeScheduler()
  const inspector = new FakeInspector()
  const barrier = new FakeBarrier()
  const prompt: { markers: number; promptReady: boolean; commandAnswered?: boolean } = { markers: 0, promptReady: false }
  const settled: { reason: TerminalWaitReason; at: number }[] = []
  const r = new SendReadiness({
    scheduler: clock,
    timing: { ...timing, ...overrides },
    inspect: inspector.inspect,
    flushOutput: barrier.flush,
    prompt,
    screen,
    onSettle: (reason) => settled.push({ reason, at: clock.now() }),
  })
  r.begin()
  return { clock, inspector, barrier, prompt, settled, r }
}

describe('SendReadiness', () => {
  it('marker + exact prompt + the shell owning the foreground settles stdin_read at once', async () => {
    const { clock, inspector, barrier, prompt, settled, r } = setup()
    r.written(fg('waiting', { rchar: 100 }), 8)
    inspector.current = fg('waiting', { rchar: 108 })
    prompt.markers = 1
    prompt.promptReady = true
    r.output()
    await clock.advance(0)
    expect(settled).toEqual([{ reason: 'stdin_read', at: 0 }])
    // the marker is in the stream after the command's output: no barrier needed
    expect(barrier.calls).toBe(0)
  })

  it('a proven stdin wait without the marker settles only once the output barrier landed', async () => {
    const { clock, inspector, barrier, settled, r } = setup()
    barrier.hold = true
    r.written(fg('waiting', { rchar: 100 }), 8)
    // the shell read the input and waits at its next prompt; its output is still in flight
    inspector.current = fg('waiting', { rchar: 108 })
    await clock.advance(QUIET_PROBE_MS + DRAIN_MAX_MS)
    expect(barrier.waiting).toBe(1)
    expect(settled).toEqual([])
    // output arriving while the barrier is pending neither settles nor restarts probing
    const probes = inspector.calls
    r.output()
    await clock.advance(2000)
    expect(settled).toEqual([])
    expect(inspector.calls).toBe(probes)
    barrier.release()
    await clock.advance(0)
    expect(settled.map((s) => s.reason)).toEqual(['stdin_read'])
    expect(barrier.calls).toBe(1)
  })

  it('a timeout or a halt while the barrier is pending wins; the barrier landing later changes nothing', async () => {
    const timedOut = setup({ timeoutMs: 100 })
    timedOut.barrier.hold = true
    timedOut.r.written(fg('waiting', { rchar: 100 }), 8)
    timedOut.inspector.current = fg('waiting', { rchar: 108 })
    await timedOut.clock.advance(100)
    expect(timedOut.barrier.waiting).toBe(1)
    timedOut.barrier.release()
    await timedOut.clock.advance(0)
    expect(timedOut.settled.map((s) => s.reason)).toEqual(['timeout'])

    const halted = setup()
    halted.barrier.hold = true
    halted.r.written(fg('waiting', { rchar: 100 }), 8)
    halted.inspector.current = fg('waiting', { rchar: 108 })
    await halted.clock.advance(QUIET_PROBE_MS + DRAIN_MAX_MS)
    expect(halted.barrier.waiting).toBe(1)
    halted.r.stop()
    halted.barrier.release()
    await halted.clock.advance(0)
    expect(halted.settled).toEqual([])
  })

  it('a marker while another group owns the foreground does not settle (handoff grace then applies)', async () => {
    const { clock, inspector, prompt, settled, r } = setup()
    r.written(fg('waiting', { rchar: 0 }), 8)
    inspector.current = fg('not-waiting', { pgid: 300 })
    prompt.markers = 1
    prompt.promptReady = true
    r.output()
    await clock.advance(3000)
    expect(settled).toEqual([])
    await clock.advance(499)
    expect(settled).toEqual([])
    await clock.advance(1)
    expect(settled).toEqual([{ reason: 'inferred_idle', at: 3500 }])
  })

  it('a delayed earlier prompt does not settle while the shell is still busy with the input', async () => {
    const { clock, inspector, prompt, settled, r } = setup()
    r.written(fg('not-waiting', { pgid: 300 }), 8)
    // the previous program ended; its prompt arrives while the shell runs our typeahead
    inspector.current = fg('not-waiting', { rchar: 58 })
    prompt.markers = 1
    prompt.promptReady = true
    r.output()
    await clock.advance(0)
    expect(settled).toEqual([])
    // the shell ran the input and blocks at its next prompt; the group changed since the
    // write, so no counter proof: a short quiet period confirms it
    inspector.current = fg('waiting', { rchar: 66 })
    r.output()
    await clock.advance(0)
    expect(settled).toEqual([])
    await clock.advance(TYPEAHEAD_QUIET_MS)
    expect(settled.map((s) => s.reason)).toEqual(['stdin_read'])
  })

  it('without a stdin verdict the marker tier needs the counters to show the input was consumed', async () => {
    const { clock, inspector, prompt, settled, r } = setup({ idleSilenceMs: 200, handoffGraceMs: 50 })
    r.written(fg('unknown', { rchar: 50 }), 8)
    inspector.current = fg('unknown', { rchar: 50 })
    prompt.markers = 1
    prompt.promptReady = true
    r.output()
    await clock.advance(0)
    expect(settled).toEqual([])
    inspector.current = fg('unknown', { rchar: 58 })
    r.output()
    await clock.advance(0)
    expect(settled.map((s) => s.reason)).toEqual(['stdin_read'])
  })

  it('without a verdict or counters (macOS) the marker settles only after a command the shell announced', async () => {
    const { clock, inspector, prompt, settled, r } = setup()
    r.written(fg('unknown', { counters: false }), 8)
    inspector.current = fg('unknown', { counters: false })
    prompt.markers = 1
    prompt.promptReady = true
    r.output()
    await clock.advance(TYPEAHEAD_QUIET_MS)
    await clock.advance(100)
    // an unknown verdict is not a wait: a prompt without a command start proves nothing
    expect(settled).toEqual([])
    prompt.commandAnswered = true
    r.output()
    await clock.advance(TYPEAHEAD_QUIET_MS)
    expect(settled.map((s) => s.reason)).toEqual(['stdin_read'])
  })

  it('without a verdict or counters (macOS) a prompt with no command start falls to the silence tier', async () => {
    const { clock, inspector, prompt, settled, r } = setup({ idleSilenceMs: 200, handoffGraceMs: 50 })
    r.written(fg('unknown', { counters: false }), 1)
    inspector.current = fg('unknown', { counters: false })
    prompt.markers = 1
    prompt.promptReady = true
    r.output()
    await clock.advance(300)
    expect(settled.map((s) => s.reason)).toEqual(['inferred_idle'])
  })

  it('typeahead echoed during the quiet moment sends readiness back to probing', async () => {
    const { clock, inspector, prompt, settled, r } = setup({ idleSilenceMs: 1000, handoffGraceMs: 50 })
    // input written while another program owned the terminal
    r.written(fg('not-waiting', { pgid: 300 }), 8)
    // that program exits; the shell prints its prompt before reading the typeahead
    inspector.current = fg('waiting', { counters: false })
    prompt.markers = 1
    prompt.promptReady = true
    r.output()
    await clock.advance(1)
    // the shell reads the typeahead: echo, and it runs a long command
    prompt.promptReady = false
    inspector.current = fg('not-waiting', { pgid: 400 })
    r.output()
    await clock.advance(TYPEAHEAD_QUIET_MS * 3)
    expect(settled).toEqual([])
    await clock.advance(1100)
    expect(settled.map((s) => s.reason)).toEqual(['inferred_idle'])
  })

  it('unproven readiness is not confirmed when the counters moved between the two looks', async () => {
    const { clock, inspector, prompt, settled, r } = setup({ idleSilenceMs: 500, handoffGraceMs: 50 })
    r.written(fg('not-waiting', { pgid: 300 }), 8)
    prompt.markers = 1
    prompt.promptReady = true
    // the shell prompts, then (unseen by output so far) reads the typeahead
    inspector.current = fg('waiting', { rchar: 100 })
    r.output()
    await clock.advance(1)
    inspector.current = fg('waiting', { rchar: 108 })
    await clock.advance(TYPEAHEAD_QUIET_MS + 1)
    expect(settled).toEqual([])
    // a stable second look confirms
    await clock.advance(TYPEAHEAD_QUIET_MS + 1)
    expect(settled.map((s) => s.reason)).toEqual(['stdin_read'])
  })

  it('a re-probe that shows the input still unread drops the earlier signs of a new wait', async () => {
    const { clock, inspector, settled, r } = setup({ idleSilenceMs: 300, handoffGraceMs: 50 })
    r.written(fg('waiting', { rchar: 10 }), 8)
    inspector.current = fg('not-waiting', { rchar: 10 })
    await clock.advance(QUIET_PROBE_MS)
    // back in a wait, but the counters show our bytes unread (typeahead not yet taken)
    inspector.current = fg('waiting', { rchar: 10 })
    await clock.advance(297)
    expect(settled).toEqual([])
    await clock.advance(1)
    expect(settled.map((s) => s.reason)).toEqual(['inferred_idle'])
  })

  it('an interrupt typed as text is never read, so it cannot be proven and falls back to idle', async () => {
    const { clock, inspector, prompt, settled, r } = setup({ idleSilenceMs: 200, handoffGraceMs: 50 })
    r.written(fg('waiting', { rchar: 50 }), 1)
    inspector.current = fg('waiting', { rchar: 50 })
    prompt.markers = 1
    prompt.promptReady = true
    r.output()
    await clock.advance(249)
    expect(settled).toEqual([])
    await clock.advance(1)
    expect(settled.map((s) => s.reason)).toEqual(['inferred_idle'])
  })

  it('a pre-write stdin wait is not readiness', async () => {
    const { clock, inspector, settled, r } = setup()
    const python = { pgid: 200, rchar: 40 }
    r.written(fg('waiting', python), 11)
    inspector.current = fg('waiting', python)
    r.output()
    await clock.advance(2999)
    expect(settled).toEqual([])
    expect(inspector.calls).toBeGreaterThan(10)
    await clock.advance(1)
    expect(settled).toEqual([{ reason: 'inferred_idle', at: 3000 }])
  })

  it('a wait that consumed the written bytes settles stdin_read on the quiet probe, not the poll tick', async () => {
    const { clock, inspector, settled, r } = setup()
    r.written(fg('waiting', { pgid: 200, rchar: 40 }), 11)
    inspector.current = fg('waiting', { pgid: 200, rchar: 51 })
    r.output()
    await clock.advance(QUIET_PROBE_MS)
    expect(inspector.calls).toBe(1)
    await clock.advance(1)
    expect(settled).toEqual([{ reason: 'stdin_read', at: QUIET_PROBE_MS + 1 }])
    expect(clock.now()).toBeLessThan(timing.pollIntervalMs)
  })

  it('a partial read is not enough', async () => {
    const { clock, inspector, settled, r } = setup({ idleSilenceMs: 200, handoffGraceMs: 50 })
    r.written(fg('waiting', { pgid: 200, rchar: 40 }), 11)
    inspector.current = fg('waiting', { pgid: 200, rchar: 45 })
    await clock.advance(200)
    expect(settled.map((s) => s.reason)).toEqual(['inferred_idle'])
  })

  it('injected bytes (query answers) raise what must be consumed', async () => {
    const { clock, inspector, settled, r } = setup({ idleSilenceMs: 200, handoffGraceMs: 50 })
    r.written(fg('waiting', { pgid: 200, rchar: 0 }), 5)
    r.injected(6)
    inspector.current = fg('waiting', { pgid: 200, rchar: 6 })
    await clock.advance(100)
    expect(settled).toEqual([])
    inspector.current = fg('waiting', { pgid: 200, rchar: 11 })
    await clock.advance(60)
    expect(settled.map((s) => s.reason)).toEqual(['stdin_read'])
  })

  it('a group seen outside the wait and back in it settles stdin_read without counters', async () => {
    const { clock, inspector, settled, r } = setup()
    r.written(fg('waiting', { pgid: 200, counters: false }), 4)
    inspector.current = fg('not-waiting', { pgid: 200, counters: false })
    await clock.advance(QUIET_PROBE_MS)
    expect(settled).toEqual([])
    inspector.current = fg('waiting', { pgid: 200, counters: false })
    await clock.advance(timing.pollIntervalMs + 5)
    expect(settled.map((s) => s.reason)).toEqual(['stdin_read'])
  })

  it('a changed foreground group waiting on stdin is new evidence', async () => {
    const { clock, inspector, settled, r } = setup()
    r.written(fg('waiting', { rchar: 10 }), 8)
    inspector.current = fg('waiting', { pgid: 300, rchar: 0 })
    await clock.advance(QUIET_PROBE_MS + TYPEAHEAD_QUIET_MS)
    expect(settled.map((s) => s.reason)).toEqual(['stdin_read'])
  })

  it('unknown verdicts and failed lookups are misses, never readiness', async () => {
    const { clock, inspector, settled, r } = setup({ idleSilenceMs: 300, handoffGraceMs: 50 })
    r.written(undefined, 4)
    inspector.current = fg('unknown', { pgid: 300 })
    await clock.advance(120)
    inspector.current = new Error('FOREGROUND_UNKNOWN')
    await clock.advance(120)
    expect(settled).toEqual([])
    await clock.advance(60)
    expect(settled.map((s) => s.reason)).toEqual(['inferred_idle'])
  })

  it('without a baseline only an observed exit from the wait proves a new one', async () => {
    const { clock, inspector, settled, r } = setup({ idleSilenceMs: 300, handoffGraceMs: 50 })
    r.written(undefined, 4)
    inspector.current = fg('waiting', { pgid: 300, rchar: 999 })
    await clock.advance(299)
    expect(settled).toEqual([])
    inspector.current = fg('not-waiting', { pgid: 300 })
    await clock.advance(0)
    r.output()
    await clock.advance(QUIET_PROBE_MS)
    inspector.current = fg('waiting', { pgid: 300 })
    await clock.advance(timing.pollIntervalMs + TYPEAHEAD_QUIET_MS)
    expect(settled.map((s) => s.reason)).toEqual(['stdin_read'])
  })

  it('output after the proof is drained and re-checked; continuous output is bounded by DRAIN_MAX_MS', async () => {
    const { clock, inspector, settled, r } = setup()
    r.written(fg('waiting', { pgid: 200, rchar: 0 }), 3)
    inspector.current = fg('waiting', { pgid: 200, rchar: 3 })
    await clock.advance(QUIET_PROBE_MS)
    // output keeps arriving each millisecond: the drain waits, but only up to its bound
    for (let i = 0; i < DRAIN_MAX_MS * 2 && settled.length === 0; i++) {
      await clock.advance(0.5)
      r.output()
      await clock.advance(0.5)
    }
    expect(settled.map((s) => s.reason)).toEqual(['stdin_read'])
    expect(clock.now()).toBeLessThanOrEqual(QUIET_PROBE_MS + DRAIN_MAX_MS + 3)
    // the evidence was re-checked while the output kept coming
    expect(inspector.calls).toBeGreaterThanOrEqual(2)
  })

  it('idle silence counts from the last output', async () => {
    const { clock, inspector, settled, r } = setup({ idleSilenceMs: 100, handoffGraceMs: 50 })
    inspector.current = fg('not-waiting', { pgid: 300 })
    r.written(fg('waiting'), 6)
    await clock.advance(90)
    r.output()
    await clock.advance(99)
    expect(settled).toEqual([])
    await clock.advance(1)
    expect(settled).toEqual([{ reason: 'inferred_idle', at: 190 }])
  })

  it('continuous output runs into the timeout', async () => {
    const { clock, inspector, settled, r } = setup({ idleSilenceMs: 100, handoffGraceMs: 50, timeoutMs: 1000 })
    inspector.current = fg('not-waiting', { pgid: 300 })
    r.written(fg('waiting'), 6)
    while (settled.length === 0) {
      r.output()
      await clock.advance(10)
    }
    expect(settled).toEqual([{ reason: 'timeout', at: 1000 }])
  })

  it('past exactProbeAfterMs output no longer triggers quiet probes; the poll tick continues', async () => {
    const { clock, inspector, r } = setup()
    inspector.current = fg('not-waiting', { pgid: 300 })
    r.written(fg('waiting'), 6)
    await clock.advance(200)
    const before = inspector.calls
    for (let i = 0; i < 10; i++) {
      r.output()
      await clock.advance(5)
    }
    // 50 ms elapsed: exactly one poll tick probe
    expect(inspector.calls - before).toBe(1)
  })

  it('straggler output after the proof is re-probed, then the send settles with it', async () => {
    const { clock, inspector, settled, r } = setup()
    r.written(fg('waiting', { pgid: 200, rchar: 0 }), 3)
    inspector.current = fg('waiting', { pgid: 200, rchar: 3 })
    await clock.advance(QUIET_PROBE_MS)
    expect(inspector.calls).toBe(1)
    await clock.advance(0.5)
    r.output()
    await clock.advance(10)
    expect(inspector.calls).toBe(2)
    expect(settled.map((s) => s.reason)).toEqual(['stdin_read'])
  })

  it('exit settles session_exit; a settled send ignores everything after', async () => {
    const { clock, inspector, prompt, settled, r } = setup()
    r.written(fg('waiting'), 6)
    r.exited()
    prompt.markers = 1
    prompt.promptReady = true
    inspector.current = fg('waiting', { rchar: 100 })
    r.output()
    await clock.advance(40000)
    expect(settled).toEqual([{ reason: 'session_exit', at: 0 }])
    expect(clock.pending).toBe(0)
  })

  it('a halted readiness does nothing more until explicitly settled', async () => {
    const { clock, settled, r } = setup()
    r.written(fg('waiting'), 6)
    r.stop()
    r.output()
    await clock.advance(40000)
    expect(settled).toEqual([])
    r.settle('session_exit')
    expect(settled.map((s) => s.reason)).toEqual(['session_exit'])
  })

  describe('uncertain waits', () => {
    const JOB = 300
    const busy = (watched: number, rchar: number) => fg('waiting', { pgid: JOB, rchar, watched })

    it('an event loop waiting on stdin among other fds, output not ending in a prompt: settles only after a quiet second', async () => {
      const screen = { leaving: false, lastLine: '', lastOutputAt: 0 }
      const { clock, inspector, barrier, settled, r } = setup({ idleSilenceMs: 20_000 }, screen)
      r.written(busy(3, 100), 10)
      // node read the line (the counters grew) and waits in epoll: its timer is pending
      inspector.current = busy(3, 110)
      r.output()
      await clock.advance(UNCERTAIN_QUIET_MS - 100)
      expect(barrier.waiting).toBe(0)
      expect(settled).toEqual([])
      // the answer and the prompt arrive: the wait is certain now
      screen.lastLine = '> '
      r.output()
      await clock.advance(QUIET_PROBE_MS + DRAIN_QUIET_MS + 1)
      barrier.release()
      await clock.advance(0)
      expect(settled.map((s) => s.reason)).toEqual(['stdin_read'])
    })

    it('with no answer, the quiet interval ends the uncertainty', async () => {
      const screen = { leaving: false, lastLine: '', lastOutputAt: 0 }
      const { clock, inspector, barrier, settled, r } = setup({ idleSilenceMs: 20_000 }, screen)
      r.written(busy(3, 100), 10)
      inspector.current = busy(3, 110)
      r.output()
      await clock.advance(UNCERTAIN_QUIET_MS + 10)
      barrier.release()
      await clock.advance(0)
      expect(settled.map((s) => s.reason)).toEqual(['stdin_read'])
      expect(settled[0]!.at).toBeGreaterThanOrEqual(UNCERTAIN_QUIET_MS)
    })

    it('a single-fd wait is certain at once', async () => {
      const screen = { leaving: false, lastLine: '', lastOutputAt: 0 }
      const { clock, inspector, barrier, settled, r } = setup({ idleSilenceMs: 20_000 }, screen)
      r.written(busy(1, 100), 10)
      inspector.current = busy(1, 110)
      r.output()
      await clock.advance(QUIET_PROBE_MS + DRAIN_QUIET_MS + 1)
      barrier.release()
      await clock.advance(0)
      expect(settled.map((s) => s.reason)).toEqual(['stdin_read'])
      expect(settled[0]!.at).toBeLessThan(UNCERTAIN_QUIET_MS)
    })

    it('a full-screen program tearing its terminal down is uncertain even at a prompt-shaped line', async () => {
      const screen = { leaving: true, lastLine: 'Press ENTER: ', lastOutputAt: 0 }
      const { clock, inspector, barrier, settled, r } = setup({ idleSilenceMs: 20_000 }, screen)
      r.written(busy(1, 100), 4)
      inspector.current = busy(1, 104)
      r.output()
      await clock.advance(UNCERTAIN_QUIET_MS / 2)
      expect(barrier.waiting).toBe(0)
      expect(settled).toEqual([])
      await clock.advance(UNCERTAIN_QUIET_MS)
      barrier.release()
      await clock.advance(0)
      expect(settled.map((s) => s.reason)).toEqual(['stdin_read'])
    })
  })
})
