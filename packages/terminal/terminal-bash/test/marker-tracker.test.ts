import { describe, expect, it } from 'vitest'
import { CONTROLLED_PROMPT, MarkerTracker, parseMarker } from '../src/output/marker-tracker'
import { StreamSanitizer } from '../src/output/sanitizer'

const NONCE = 'f00dfeed'
const marker = (status: number, nonce = NONCE) => `\x1b]133;D;${status};${nonce}\x07`

function tracker() {
  const s = new StreamSanitizer()
  const t = new MarkerTracker(NONCE)
  return { t, feed: (chunk: string) => t.feed(s.push(chunk)) }
}

describe('parseMarker', () => {
  it('accepts only 133;D;<status>;<the nonce>', () => {
    expect(parseMarker(`133;D;0;${NONCE}`, NONCE)).toEqual({ kind: 'prompt', status: 0 })
    expect(parseMarker(`133;D;127;${NONCE}`, NONCE)).toEqual({ kind: 'prompt', status: 127 })
    expect(parseMarker(`133;C;${NONCE}`, NONCE)).toEqual({ kind: 'command' })
    expect(parseMarker('133;C;other', NONCE)).toBeUndefined()
    expect(parseMarker('133;D;0;other', NONCE)).toBeUndefined()
    expect(parseMarker('133;D;0', NONCE)).toBeUndefined()
    expect(parseMarker(`133;D;x;${NONCE}`, NONCE)).toBeUndefined()
    expect(parseMarker(`133;A;0;${NONCE}`, NONCE)).toBeUndefined()
    expect(parseMarker(`133;D;0;${NONCE};extra`, NONCE)).toBeUndefined()
  })
})

const command = (nonce = NONCE) => `\x1b]133;C;${nonce}\x07`

describe('MarkerTracker', () => {
  it('is ready when the text after the latest marker is exactly the prompt, and strips the marker', () => {
    const { t, feed } = tracker()
    expect(feed(`echo hi\r\nhi\r\n${marker(0)}${CONTROLLED_PROMPT}`)).toBe('echo hi\nhi\ndsh> ')
    expect(t.promptReady).toBe(true)
    expect(t.markers).toBe(1)
    expect(t.lastStatus).toBe(0)
  })

  it('carries the tail across chunks, wherever the marker and prompt are split', () => {
    const raw = `out\r\n${marker(3)}dsh> `
    for (let i = 0; i <= raw.length; i++) {
      const { t, feed } = tracker()
      feed(raw.slice(0, i))
      feed(raw.slice(i))
      expect(t.promptReady).toBe(true)
      expect(t.lastStatus).toBe(3)
    }
  })

  it('a delayed earlier prompt followed by echo or output does not count', () => {
    const { t, feed } = tracker()
    feed(`${marker(0)}dsh> `)
    expect(t.promptReady).toBe(true)
    feed('e')
    expect(t.promptReady).toBe(false)
    feed('cho hi\r\n')
    expect(t.promptReady).toBe(false)
  })

  it('an incomplete or different tail is not ready', () => {
    const { t, feed } = tracker()
    feed(`${marker(0)}dsh>`)
    expect(t.promptReady).toBe(false)
    feed(' ')
    expect(t.promptReady).toBe(true)
    feed(`${marker(0)}x$ `)
    expect(t.promptReady).toBe(false)
  })

  it('ignores a forged marker without the nonce, and printed prompt text', () => {
    const { t, feed } = tracker()
    expect(feed(`${marker(0, 'guess')}dsh> `)).toBe('dsh> ')
    expect(t.markers).toBe(0)
    expect(t.promptReady).toBe(false)
    feed(`133;D;0;${NONCE}\ndsh> `)
    expect(t.promptReady).toBe(false)
  })

  it('counts markers per send and refuses an empty nonce', () => {
    const { t, feed } = tracker()
    feed(`${marker(0)}dsh> `)
    t.resetCount()
    expect(t.markers).toBe(0)
    expect(t.promptReady).toBe(true)
    expect(() => new MarkerTracker('')).toThrow(/nonce/)
  })

  it('once the shell announces commands, only a prompt after a command started counts', () => {
    const { t, feed } = tracker()
    feed(`${command()}${marker(0)}dsh> `)
    expect(t.promptReady).toBe(true)
    t.resetCount()
    // a prompt printed before the typeahead was read: no command started since the reset
    feed(`\r\n${marker(130)}dsh> `)
    expect(t.promptReady).toBe(false)
    feed(`echo hi\r\n${command()}hi\r\n${marker(0)}dsh> `)
    expect(t.promptReady).toBe(true)
  })

  it('a forged command marker does not count', () => {
    const { t, feed } = tracker()
    feed(`${command()}${marker(0)}dsh> `)
    t.resetCount()
    feed(`${command('guess')}${marker(0)}dsh> `)
    expect(t.promptReady).toBe(false)
  })
})
