import { describe, expect, it } from 'vitest'
import { InputGate } from '../src/input-gate'

describe('InputGate', () => {
  it('holds chunks while paused and lets them through, in order, once resumed', async () => {
    const gate = new InputGate()
    const seen: string[] = []
    const { readable, writable } = gate.stream<string>()
    const reading = (async () => { for await (const chunk of readable) seen.push(chunk) })()
    const writer = writable.getWriter()
    await writer.write('a')
    gate.pause()
    gate.pause()
    const held = writer.write('b')
    await new Promise((resolve) => setImmediate(resolve))
    expect(seen).toEqual(['a'])
    gate.resume()
    await held
    await writer.close()
    await reading
    expect(seen).toEqual(['a', 'b'])
  })
})
