import type {} from 'dsh-agent'
import type {} from 'dsh-tools'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { bootComposition } from '../src/launcher'
import { REPO_ROOT, ROOT_YML, TEST_TOOLS_YML } from './helpers/procs'

const quiet = () => {}

describe('the root cordis.yml through the loader, in-process', () => {
  it('boots every entry and disposes', async () => {
    const app = await bootComposition(ROOT_YML, quiet)
    try {
      expect(app.problems()).toEqual([])
      expect(app.root.get('agents')).toBeDefined()
      const agent = app.root.agents.create('lister')
      expect(app.root.tools.list(agent).map((t) => t.name)).toEqual(expect.arrayContaining(['job_kill', 'job_list', 'job_output']))
      const listed = await app.root.tools.execute({ agent, name: 'job_list', arguments: {} })
      expect(listed.isError).toBe(false)
    } finally {
      await app.stop()
    }
    expect(app.root.get('tools')).toBeUndefined()
  })

  it('executes a test-only tool through ctx.tools and disposes', async () => {
    const app = await bootComposition(TEST_TOOLS_YML, quiet)
    try {
      expect(app.problems()).toEqual([])
      const agent = app.root.agents.create('tester')
      const r = await app.root.tools.execute({ agent, name: 'test_echo', arguments: { text: 'through the loader' } })
      expect(r).toMatchObject({ isError: false, content: 'echo: through the loader', value: { echo: 'through the loader', agent: 'tester' } })
      expect(agent.session.last('tool/result')).toBeDefined()
    } finally {
      await app.stop()
    }
  })

  it('reports a missing composition file with a code and a next step', async () => {
    await expect(bootComposition(`${REPO_ROOT}no-such.yml`, quiet)).rejects.toMatchObject({
      code: 'CONFIG_NOT_FOUND',
      message: expect.stringMatching(/no-such\.yml does not exist; pass an existing cordis\.yml with --config FILE/),
    })
  })

  it('names an entry that failed to load in problems()', async () => {
    const bad = fileURLToPath(new URL('./fixtures/bad-entry.yml', import.meta.url))
    const lines: string[] = []
    const app = await bootComposition(bad, (line) => lines.push(line))
    try {
      expect(app.problems()).toEqual(['missing (dsh-no-such-package): not loaded'])
      expect(lines.join('\n')).toMatch(/dsh-no-such-package/)
    } finally {
      await app.stop()
    }
  })
})
