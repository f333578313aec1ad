import { describe, expect, it } from 'vitest'
import { liveDescendants } from '../../../../scripts/vitest-leak-check'
import { platformInspector } from '../src/inspect'
import type { ProcessInspector } from '../src/inspect/types'
import { BASH, BASH_ENV, openTerminal } from './helpers'

/** The platform inspector, except that its first lookup fails (as a ps that cannot run). */
function failingFirstLookup(): ProcessInspector {
  let failed = false
  return Object.assign(Object.create(platformInspector) as ProcessInspector, {
    lookup(pids: readonly number[]) {
      if (!failed) {
        failed = true
        return Promise.reject(new Error('injected: the process table could not be read'))
      }
      return platformInspector.lookup(pids)
    },
  })
}

describe('a spawn whose identify() fails', () => {
  it('rejects SPAWN_FAILED and leaves neither the pty nor its shell behind', async () => {
    const before = new Set(liveDescendants().map((p) => p.pid))
    const error = await openTerminal({ argv: BASH, env: BASH_ENV }, failingFirstLookup()).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'SPAWN_FAILED' })
    expect(String((error as Error).message)).toMatch(/could not identify/)
    const left = liveDescendants().filter((p) => !before.has(p.pid))
    expect(left).toEqual([])
  })
})
