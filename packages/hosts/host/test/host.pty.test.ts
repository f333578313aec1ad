import { describe, expect, it } from 'vitest'
import { createHost } from '../src'
import { liveDescendants, processGone, ROOT_YML } from './helpers/procs'

// The default composition (workspace-write through bubblewrap: apt-get install bubblewrap)
// through the core, with a real shell.
describe('createHost with the root cordis.yml', () => {
  it('disposing an agent closes its shell: every process of the tree is gone when it settles', async () => {
    const log: string[] = []
    const host = await createHost({ configPath: ROOT_YML, log: (line) => log.push(line) })
    try {
      expect(host.problems(), log.join('\n')).toEqual([])
      const agent = host.mintAgent('test')
      const opened = await host.callTool({ agent, tool: 'terminal_open', args: { type: 'shell' } })
      expect(opened.isError, `${opened.content} (needs bubblewrap: apt-get install bubblewrap)`).toBe(false)
      const { sessionId, pid } = opened.value as { sessionId: string, pid: number }
      const sent = await host.callTool({ agent, tool: 'terminal_send', args: { sessionId, text: 'sleep 1000 & echo tok$((20+22))' } })
      expect(sent.content).toContain('tok42')
      const tree = [pid, ...liveDescendants(pid)]
      expect(tree.length).toBeGreaterThan(1)
      await host.disposeAgent(agent)
      expect(tree.filter((p) => !processGone(p))).toEqual([])
    } finally {
      await host.shutdown()
    }
  })
})
