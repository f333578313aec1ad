import { describe, expect, it } from 'vitest'
import { MarkerTracker } from '../src/output/marker-tracker'
import { StreamSanitizer } from '../src/output/sanitizer'
import { StartupWatch } from '../src/session/startup-watch'
import { FakeScheduler } from './fakes/fake-scheduler'

const NONCE = 'n0nce'

function setup(signal = new AbortController().signal) {
  const clock = new FakeScheduler()
  const sanitizer = new StreamSanitizer()
  const tracker = new MarkerTracker(NONCE)
  const watch = new StartupWatch({ scheduler: clock, timeoutMs: 1000, prompt: tracker, maxMotdBytes: 64, signal })
  const feed = (raw: string) => watch.output(tracker.feed(sanitizer.push(raw)))
  return { clock, watch, feed }
}

describe('StartupWatch', () => {
  it('resolves with what was printed before the first ready prompt', async () => {
    const { watch, feed } = setup()
    feed('Welcome\r\n')
    feed(`\x1b]133;D;0;${NONCE}\x07dsh`)
    feed('> ')
    await expect(watch.ready).resolves.toBe('Welcome\n')
  })

  it('zero-output silence is not readiness: no prompt before timeoutMs rejects', async () => {
    const { clock, watch } = setup()
    const rejected = expect(watch.ready).rejects.toMatchObject({ code: 'STARTUP_TIMEOUT', message: expect.stringMatching(/printed nothing/) })
    await clock.advance(1000)
    await rejected
  })

  it('a forged marker or a bare prompt is not readiness', async () => {
    const { clock, watch, feed } = setup()
    feed('\x1b]133;D;0;wrong\x07dsh> ')
    const rejected = expect(watch.ready).rejects.toMatchObject({ code: 'STARTUP_TIMEOUT', message: expect.stringContaining('dsh>') })
    await clock.advance(1000)
    await rejected
  })

  it('an exit during startup rejects with the exit and the output', async () => {
    const { watch, feed } = setup()
    feed('bash: bad option\r\n')
    watch.exited(2, null)
    await expect(watch.ready).rejects.toMatchObject({
      code: 'STARTUP_EXITED',
      message: expect.stringMatching(/exited with code 2.*bad option/),
    })
  })

  it('caller cancellation rejects with the exact reason', async () => {
    const controller = new AbortController()
    const { watch } = setup(controller.signal)
    const reason = { why: 'caller' }
    controller.abort(reason)
    await expect(watch.ready).rejects.toBe(reason)
  })

  it('keeps the motd within its bound (newest text)', async () => {
    const { watch, feed } = setup()
    feed(`${'x'.repeat(200)}END\n`)
    feed(`\x1b]133;D;0;${NONCE}\x07dsh> `)
    const motd = await watch.ready
    expect(motd.endsWith('END\n')).toBe(true)
    expect(motd.length).toBeLessThanOrEqual(64)
  })
})
