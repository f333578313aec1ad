import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { boot, type Harness, PROVEN_ONLY } from './fixtures/harness'
import { requireTool } from './fixtures/tools'

const REPETITIONS = 50
/** Bound of one whole test (50 program starts and exits on a loaded host). */
const TEST_BOUND_MS = 300_000

let h: Harness | undefined
afterEach(async () => {
  await h?.dispose()
  h = undefined
})

/**
 * Start a program, make it exit, and send a command at once: the command must reach the
 * shell (`tok42` is computed by the shell, absent from the echoed input) every time.
 */
async function exitThenCommand(start: string, ready: string, quit: { text: string; submit: boolean }[]): Promise<void> {
  const id = await h!.open()
  let reached = 0
  const misses: string[] = []
  for (let i = 0; i < REPETITIONS; i++) {
    const opened = await h!.send(id, start)
    expect(opened.viewport, `start #${i}`).toContain(ready)
    for (const step of quit) await h!.send(id, step.text, step.submit)
    const r = await h!.send(id, 'echo tok$((20+22))')
    if (r.viewport.includes('tok42')) reached++
    else misses.push(JSON.stringify(r.viewport))
  }
  expect(misses).toEqual([])
  expect(reached).toBe(REPETITIONS)
}

describe('input is never swallowed when a program exits (real PTY)', () => {
  it(`vim :wq then a command, ${REPETITIONS} times`, async () => {
    requireTool('vim', 'apt-get install vim')
    h = await boot(PROVEN_ONLY)
    writeFileSync(join(h.workspace, 'v.txt'), 'one\n')
    await exitThenCommand('TERM=xterm-256color vim -i NONE v.txt', 'v.txt', [
      { text: 'otwo\u001b', submit: false },
      { text: ':wq', submit: true },
    ])
  }, TEST_BOUND_MS)

  it(`less q then a command, ${REPETITIONS} times`, async () => {
    requireTool('less', 'apt-get install less')
    h = await boot(PROVEN_ONLY)
    writeFileSync(join(h.workspace, 'l.txt'), Array.from({ length: 200 }, (_, i) => `line ${i}`).join('\n'))
    await exitThenCommand('TERM=xterm-256color less l.txt', 'line 1', [{ text: 'q', submit: false }])
  }, TEST_BOUND_MS)

  it(`node .exit then a command, ${REPETITIONS} times`, async () => {
    requireTool('node', 'apt-get install nodejs')
    h = await boot(PROVEN_ONLY)
    await exitThenCommand('node', '> ', [{ text: '.exit', submit: true }])
  }, TEST_BOUND_MS)

  it(`python3 exit() then a command, ${REPETITIONS} times`, async () => {
    requireTool('python3', 'apt-get install python3')
    h = await boot(PROVEN_ONLY)
    await exitThenCommand('python3 -q', '>>> ', [{ text: 'exit()', submit: true }])
  }, TEST_BOUND_MS)
})
