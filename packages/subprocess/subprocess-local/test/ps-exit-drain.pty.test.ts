import { describe, expect, it } from 'vitest'
import { type CommandRunner, PsInspector } from '../src/inspect/darwin'
import { nodeRunner } from '../src/inspect/node-runner'
import { BASH, BASH_ENV, type Terminal, openTerminal } from './helpers'

/** Round trips through both terminals while the ps runs are counted. */
const ROUND_TRIPS = 20
/**
 * Past this many ps runs the counting runner answers without running ps, so a storm (the
 * bug this file guards against) ends and the test reports it instead of freezing.
 */
const STORM_CAP = 400

/** The real ps (procps accepts the BSD columns), counting every run. */
function countingRunner(): CommandRunner & { runs: number } {
  const counter = {
    runs: 0,
    run(file: string, args: readonly string[]) {
      counter.runs++
      return counter.runs > STORM_CAP ? Promise.resolve('') : nodeRunner.run(file, args)
    },
    runSync(file: string, args: readonly string[]) {
      counter.runs++
      return nodeRunner.runSync(file, args)
    },
    exists: (pid: number) => nodeRunner.exists(pid),
  }
  return counter
}

async function roundTrip(t: Terminal, n: number): Promise<void> {
  const from = t.text().length
  await t.handle.write(`echo rt$((${n}+1000))\r`)
  await t.waitFor(new RegExp(`rt${n + 1000}\\r?\\n`), from)
}

describe('the macOS (ps) inspector with two live terminals on Linux', () => {
  it('an idle terminal runs no ps on its own: the exit check of SIGCHLD never spawns a helper', async () => {
    const runner = countingRunner()
    const inspector = new PsInspector(runner)
    const a = await openTerminal({ argv: BASH, env: BASH_ENV }, inspector)
    const b = await openTerminal({ argv: BASH, env: BASH_ENV }, inspector)
    await a.waitFor(/PROMPT> /)
    await b.waitFor(/PROMPT> /)
    const before = runner.runs
    for (let i = 0; i < ROUND_TRIPS; i++) {
      await roundTrip(a, 2 * i)
      await roundTrip(b, 2 * i + 1)
    }
    // Before the fix each ps exit raised a SIGCHLD that made every terminal run ps again:
    // with two terminals the runs doubled per generation until the event loop froze.
    expect(runner.runs - before).toBe(0)
    await a.handle.terminate()
    await b.handle.terminate()
    expect(runner.runs).toBeLessThan(STORM_CAP)
  })

  it('still sees the exit through the reaped pid: the output of a program that exits is complete', async () => {
    const runner = countingRunner()
    const script = 'read line; head -c 65536 /dev/zero | tr "\\0" x; echo; echo END$((6*7))'
    const t = await openTerminal({ argv: ['/bin/bash', '-c', script] }, new PsInspector(runner))
    await t.handle.write('go\r')
    expect(await t.handle.exited).toEqual({ exitCode: 0, signal: null })
    expect(t.text().includes('END42')).toBe(true)
    expect(t.text().split('x').length - 1).toBe(65536)
  })
})
