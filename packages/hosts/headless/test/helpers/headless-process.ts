import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { REPO_ROOT, TEST_TOOLS_YML } from '../../../host/test/helpers/procs'
import { Waiters, WAIT_MS } from '../../../host/test/helpers/waiters'

// Paths and /proc checks are shared with the other fronts' tests (dsh-host's test helpers).
export { BASE_TEST_TOOLS_YML, processGone, REPO_ROOT, ROOT_YML, TEST_TOOLS_YML } from '../../../host/test/helpers/procs'

/** What `pnpm dsh` runs. */
export const CLI = fileURLToPath(new URL('../../lib/cli.js', import.meta.url))
export { WAIT_MS }

export type Message = Record<string, unknown>

/** A running `dsh headless` process driven over its stdio, for tests. */
export class HeadlessProcess {
  readonly messages: Message[] = []
  stderr = ''
  readonly exited: Promise<{ code: number | null, signal: NodeJS.Signals | null }>
  private pending = ''
  private ids = 0
  private readonly waiters = new Waiters()

  private constructor(readonly child: ChildProcessWithoutNullStreams) {
    child.stdout.setEncoding('utf8')
    child.stderr.setEncoding('utf8')
    child.stdout.on('data', (chunk: string) => {
      this.pending += chunk
      let nl = this.pending.indexOf('\n')
      while (nl !== -1) {
        const line = this.pending.slice(0, nl)
        this.pending = this.pending.slice(nl + 1)
        // stdout is protocol-only: a line that is not JSON fails the test loudly
        this.messages.push(JSON.parse(line) as Message)
        nl = this.pending.indexOf('\n')
      }
      this.notify()
    })
    child.stderr.on('data', (chunk: string) => { this.stderr += chunk; this.notify() })
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => { this.notify(); resolve({ code, signal }) }))
  }

  static start(config = TEST_TOOLS_YML, extraArgs: string[] = []): HeadlessProcess {
    return new HeadlessProcess(spawn(process.execPath, [CLI, 'headless', '--config', config, ...extraArgs], { cwd: REPO_ROOT, stdio: 'pipe' }))
  }

  send(request: Message | string): void {
    this.child.stdin.write(`${typeof request === 'string' ? request : JSON.stringify(request)}\n`)
  }

  /** A request id not used before on this host. */
  nextId(): number { return ++this.ids + 1_000_000 }

  /** Close stdin (EOF: the host shuts down). */
  end(): void { this.child.stdin.end() }

  /** Kill a host a failing test left running. */
  async kill(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      this.child.kill('SIGKILL')
      await this.exited
    }
  }

  /** Wait until `pick` finds something; rejects after WAIT_MS with the stderr seen so far. */
  until<T>(what: string, pick: () => T | undefined): Promise<T> {
    return this.waiters.until(what, pick, () => `messages: ${JSON.stringify(this.messages)}; stderr:\n${this.stderr}`)
  }

  response(id: number | string | null): Promise<Message> {
    return this.until(`the response to ${JSON.stringify(id)}`, () => this.messages.find((m) => 'ok' in m && m.id === id))
  }

  /** Ids of the responses in the order they arrived. */
  order(): unknown[] { return this.messages.filter((m) => 'ok' in m).map((m) => m.id) }

  private notify(): void { this.waiters.notify() }
}
