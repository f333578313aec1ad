import type {} from 'dsh-agent'
import type {} from 'dsh-tools'
import { describe, expect, it } from 'vitest'
import { bootComposition } from '../src/launcher'
import { REPO_ROOT } from './helpers/procs'

// The terminal overlay (examples/terminal/cordis.yml) through the loader, in-process, with a
// real bash confined by bubblewrap (apt-get install bubblewrap).
describe('examples/terminal/cordis.yml through the loader', () => {
  it('keeps cwd and env across sends of one shell', async () => {
    const log: string[] = []
    const app = await bootComposition(`${REPO_ROOT}examples/terminal/cordis.yml`, (line) => log.push(line))
    try {
      expect(app.problems(), log.join('\n')).toEqual([])
      const agent = app.root.agents.create('loader-test')
      const run = (name: string, args: Record<string, unknown>) => app.root.tools.execute({ agent, name, arguments: args })
      const opened = await run('terminal_open', { type: 'shell', name: 'main' })
      expect(opened.isError, `${opened.content} (needs bubblewrap: apt-get install bubblewrap)`).toBe(false)
      const sessionId = (opened.value as { sessionId: string }).sessionId
      expect(sessionId).toBe('pty-1')
      const first = await run('terminal_send', { sessionId, text: 'export KEEP=loader; cd /' })
      expect(first.isError, first.content).toBe(false)
      const second = await run('terminal_send', { sessionId, text: 'echo "cwd=$(pwd) keep=$KEEP"' })
      expect(second.content).toContain('cwd=/ keep=loader')
      const closed = await run('terminal_close', { sessionId })
      expect(closed.content).toBe('closed terminal session pty-1')
    } finally {
      await app.stop()
    }
  })
})
