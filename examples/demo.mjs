// `pnpm demo`: a scripted terminal session through the headless host, printed for a person.
// It starts `node packages/hosts/headless/lib/cli.js headless` (what `pnpm dsh headless` runs)
// on the default composition (cordis.yml: a bash shell confined by bubblewrap to the repo),
// sends JSON-line tool calls as a model would, and shows each call, the text the model sees,
// the wait reason and how long it took. Colour only when stdout is a terminal.
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const cli = fileURLToPath(new URL('../packages/hosts/headless/lib/cli.js', import.meta.url))
const config = process.argv[2] ?? 'cordis.yml'

/** Bound of one call's answer; far above any step here (the longest waits ~3 s for idle). */
const CALL_TIMEOUT_MS = 60_000

const colour = process.stdout.isTTY && !process.env.NO_COLOR
const paint = (code) => (text) => (colour ? `\x1b[${code}m${text}\x1b[0m` : text)
const bold = paint('1')
const dim = paint('2')
const cyan = paint('36')
const green = paint('32')
const red = paint('31')
const yellow = paint('33')

const out = (line = '') => process.stdout.write(`${line}\n`)
const indent = (text, prefix = '     ') => text.split('\n').map((l) => prefix + l).join('\n')

class Host {
  constructor() {
    this.child = spawn(process.execPath, [cli, 'headless', '--config', config], { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] })
    this.waiting = new Map()
    this.nextId = 1
    this.stderr = ''
    let pending = ''
    this.child.stdout.setEncoding('utf8').on('data', (chunk) => {
      pending += chunk
      for (let nl = pending.indexOf('\n'); nl !== -1; nl = pending.indexOf('\n')) {
        const message = JSON.parse(pending.slice(0, nl))
        pending = pending.slice(nl + 1)
        if (message.event) out(dim(`     ⚑ event ${message.event}: ${message.jobId} ${message.status} (agent ${message.agent})`))
        else this.waiting.get(message.id)?.(message)
      }
    })
    this.child.stderr.setEncoding('utf8').on('data', (chunk) => { this.stderr += chunk })
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)))
  }

  request(body) {
    const id = this.nextId++
    const started = performance.now()
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer to ${JSON.stringify(body)} in ${CALL_TIMEOUT_MS} ms\n${this.stderr}`)), CALL_TIMEOUT_MS)
      this.waiting.set(id, (message) => {
        clearTimeout(timer)
        this.waiting.delete(id)
        resolve({ ...message, seconds: (performance.now() - started) / 1000 })
      })
      this.child.stdin.write(`${JSON.stringify({ id, ...body })}\n`)
    })
  }

  async close() {
    this.child.stdin.end()
    return this.exited
  }
}

const host = new Host()
let step = 0

function heading(title, why) {
  out()
  out(bold(`${++step}. ${title}`))
  if (why) out(dim(`   ${why}`))
}

/** One tool call as agent "demo": print the call, the model text, wait reason and timing. */
async function call(tool, args = {}) {
  out(`   ${cyan('→')} ${cyan(tool)} ${JSON.stringify(args)}`)
  const answer = await host.request({ agent: 'demo', tool, args })
  out(indent(answer.ok ? answer.content : red(answer.content)))
  const facts = [answer.ok ? green('ok') : red(`error ${answer.error.code}`)]
  if (answer.result?.waitReason) facts.push(`wait reason ${yellow(answer.result.waitReason)}`)
  facts.push(`${answer.seconds.toFixed(2)} s`)
  out(dim(`     └ ${facts.join(' · ')}`))
  return answer
}

function fail(message) {
  out()
  out(red(bold('The demo stopped: ')) + message)
  process.exitCode = 1
}

async function main() {
  out(bold('dsh demo: one persistent terminal session, driven through the headless host'))
  out(dim(`host: node packages/hosts/headless/lib/cli.js headless --config ${config}  (agent "demo")`))

  heading('Open a shell', 'terminal_open starts bash in a PTY (confined to the workspace by the sandbox policy).')
  const opened = await call('terminal_open', { type: 'shell', name: 'demo' })
  if (!opened.ok) {
    if (opened.error.code === 'SANDBOX_UNAVAILABLE') {
      fail('bubblewrap is needed for the default workspace-write sandbox. Install it (Debian/Ubuntu: sudo apt-get install bubblewrap, or run bash scripts/setup.sh), or choose mode: danger-full-access for dsh-sandbox-policy in your own YAML to run unconfined on purpose.')
    } else fail(`terminal_open failed with ${opened.error.code}: ${opened.error.message}`)
    return
  }
  const sessionId = opened.result.sessionId

  heading('Keep cwd and env across sends', 'Each send goes to the same shell, so `cd` and `export` persist.')
  await call('terminal_send', { sessionId, text: 'cd examples && export DEMO_GREETING=persistent' })
  await call('terminal_send', { sessionId, text: 'echo "cwd=$(basename "$PWD") greeting=$DEMO_GREETING"' })

  heading('Start python3 and compute in it', 'The send returns when python reads stdin again (stdin_read), not on a guess.')
  await call('terminal_send', { sessionId, text: 'python3 -q' })
  await call('terminal_send', { sessionId, text: 'print(6 * 7)' })
  await call('terminal_send', { sessionId, text: 'exit()' })

  heading('Interrupt a sleep with terminal_signal', 'sleep prints nothing and reads nothing: the send returns after silence (inferred_idle), the command still running.')
  await call('terminal_send', { sessionId, text: 'sleep 600' })
  await call('terminal_signal', { sessionId, signal: 'SIGINT' })
  await call('terminal_send', { sessionId, text: 'echo "back at the prompt, last status $?"' })

  heading('Run a send in the background and collect it', 'run_in_background returns a job id at once; job_output waits for it.')
  const background = await call('terminal_send', { sessionId, text: 'sleep 1; echo background-finished', run_in_background: true })
  if (background.ok) await call('job_output', { job_id: background.result.jobId, wait: true, timeout_ms: 30_000 })

  heading('Read scrollback', 'terminal_read pages retained output without sending input.')
  await call('terminal_read', { sessionId, offset: 0, count: 12 })

  heading('List and close', 'terminal_close returns once the whole process tree is gone.')
  await call('terminal_list')
  await call('terminal_close', { sessionId })
  await call('terminal_list')
  out()
  out(green(bold('Done: one shell kept its state across calls, and closing it left no process behind.')))
}

try {
  await main()
} catch (error) {
  fail(error instanceof Error ? error.message : String(error))
}
const code = await host.close()
if (code !== 0) fail(`the host exited with ${code}:\n${host.stderr}`)
