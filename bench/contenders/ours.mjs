// Ours, in-process: a Cordis composition booted in this process; every session operation
// is a tool call through ctx.tools (validation, the tool layer and result bounding included).
// W8 reaches ctx.subprocess directly and probes the handle's inspectForeground().
import { SHELL_ENV } from '../harness/prompts.mjs'
import { boot } from '../harness/boot.mjs'
import { openStackSession } from '../harness/stack-session.mjs'

/** Bound on the W8 python REPL start-up (only matters on failure). */
const REPL_START_MS = 20_000

function waitFor(handle, re, timeoutMs) {
  return new Promise((resolve, reject) => {
    let tail = ''
    const timer = setTimeout(() => {
      off()
      reject(new Error(`no ${re} within ${timeoutMs} ms`))
    }, timeoutMs)
    const off = handle.onData((chunk) => {
      tail = (tail + chunk).slice(-256)
      if (re.test(tail)) {
        clearTimeout(timer)
        off()
        resolve()
      }
    })
  })
}

export async function createOurs({ name, repoRoot, composition, subset }) {
  const app = await boot(composition, repoRoot)
  if (app.problems.length) {
    await app.stop()
    throw new Error(`composition ${composition} did not start: ${app.problems.join(', ')} (build: pnpm --filter dsh-tool-terminal... build)`)
  }
  const { root } = app
  const agent = root.agents.create(`bench-${name}`)
  const call = async (tool, args) => {
    const r = await root.tools.execute({ agent, name: tool, arguments: args })
    return { ok: !r.isError, value: r.value, content: r.content, code: r.errorCode }
  }
  const bash = app.configOf('dsh-terminal-bash')
  const tt = app.configOf('dsh-tool-terminal')
  return {
    name,
    description: `in-process ctx.tools, ${composition.split('/').pop()}`,
    subset,
    limits: { maxResultBytes: tt.maxResultBytes ?? 262144, disposeGraceMs: bash.disposeGraceMs ?? 3000 },
    hostPid: () => process.pid,
    open: () => openStackSession(call),
    /** One tool call as a protocol request (W10 times it while sessions close). */
    request: (tool, args) => call(tool, args),
    async probeTarget() {
      const handle = await root.subprocess.spawnTerminal({
        argv: ['/bin/bash', '--noprofile', '--norc', '-i'],
        cwd: repoRoot,
        env: SHELL_ENV,
      })
      const prompt = waitFor(handle, /dsh> $/, REPL_START_MS)
      await prompt
      const repl = waitFor(handle, />>> $/, REPL_START_MS)
      await handle.write('python3 -q\r')
      await repl
      return { probe: () => handle.inspectForeground(), close: () => handle.terminate() }
    },
    async dispose() {
      await root.agents.dispose(agent)
      await app.stop()
    },
  }
}
