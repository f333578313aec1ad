import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process'
import { Readable, Writable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { type ClientConnection, client, methods, ndJsonStream, type SessionNotification } from '@agentclientprotocol/sdk'
import { Waiters, WAIT_MS } from '../../../host/test/helpers/waiters'

/** The repo root (the agent runs from there, as an editor would run it from a project). */
export const REPO_ROOT = fileURLToPath(new URL('../../../../../', import.meta.url))
/** What an editor runs: `node packages/hosts/acp/lib/cli.js`. */
export const CLI = fileURLToPath(new URL('../../lib/cli.js', import.meta.url))
export { WAIT_MS }

/**
 * A real `dsh-acp` process driven over its stdio by the SDK's own client side. Every
 * session/update it sends is recorded in arrival order.
 */
export class AcpProcess {
  readonly updates: SessionNotification[] = []
  stderr = ''
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  readonly connection: ClientConnection
  private readonly waiters = new Waiters()

  private constructor(readonly child: ChildProcessWithoutNullStreams) {
    child.stderr.setEncoding('utf8')
    child.stderr.on('data', (chunk: string) => { this.stderr += chunk; this.notify() })
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => { this.notify(); resolve({ code, signal }) }))
    const app = client({ name: 'dsh-acp test' }).onNotification(methods.client.session.update, ({ params }) => {
      this.updates.push(params)
      this.notify()
    })
    this.connection = app.connect(ndJsonStream(Writable.toWeb(child.stdin) as WritableStream<Uint8Array>, Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>))
  }

  static start(config: string, env: NodeJS.ProcessEnv = {}): AcpProcess {
    return new AcpProcess(spawn(process.execPath, [CLI, '--config', config], { cwd: REPO_ROOT, stdio: 'pipe', env: { ...process.env, ...env } }))
  }

  get agent() { return this.connection.agent }

  /** Initialize as an editor would. */
  initialize() {
    return this.agent.request(methods.agent.initialize, { protocolVersion: 1, clientCapabilities: {} })
  }

  /** Wait until `pick` finds something; rejects after WAIT_MS with what was seen so far. */
  until<T>(what: string, pick: () => T | undefined): Promise<T> {
    return this.waiters.until(what, pick, () => `updates: ${JSON.stringify(this.updates)}; stderr:\n${this.stderr}`)
  }

  /** Close the connection the way an editor does when it goes away: end the agent's stdin. */
  end(): void { this.child.stdin.end() }

  /** Kill a process a failing test left running. */
  async kill(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      this.child.kill('SIGKILL')
      await this.exited
    }
  }

  private notify(): void { this.waiters.notify() }
}
