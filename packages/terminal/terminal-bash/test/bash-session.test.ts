import type { Agent } from 'dsh-agent'
import type { SandboxProvider } from 'dsh-sandbox'
import { SubprocessError, type SpawnTerminalOptions } from 'dsh-subprocess'
import { TerminalBackendCleanupError, type TerminalSessionId } from 'dsh-terminal'
import { describe, expect, it } from 'vitest'
import { parseConfig } from '../src/config'
import type { BackendDeps } from '../src/seams'
import { spawnBashSession } from '../src/session/spawn-session'
import { FakeHandle } from './fakes/fake-handle'
import { FakeScheduler, flush } from './fakes/fake-scheduler'

const agent = { id: 'agent-7' } as Agent
const request = { owner: agent, sessionId: 'pty-1' as TerminalSessionId }

function setup(mode: 'danger-full-access' | 'workspace-write' = 'danger-full-access', sandbox?: SandboxProvider) {
  const handle = new FakeHandle()
  const spawned: SpawnTerminalOptions[] = []
  const deps: BackendDeps = {
    policy: () => ({
      defaultMode: mode,
      workspaceRoot: '/ws',
      resolve: () => ({ mode, workspaceRoot: '/ws' }),
      effectiveModeAfter: () => mode,
      setSandboxMode: () => ({ mode, workspaceRoot: '/ws' }),
    }),
    sandbox: () => sandbox,
    subprocess: () => ({
      async spawnTerminal(options) {
        spawned.push(options)
        return handle
      },
    }),
  }
  const scheduler = new FakeScheduler()
  const config = parseConfig({ timeoutMs: 1000 })
  /** Print the first prompt the way the integration does. */
  const prompt = () => {
    const nonce = handle.written[0]!.trim()
    // the terminal echoes the handover line; the session removes it before anything sees it
    handle.emit(`${nonce.slice(0, 5)}`)
    handle.emit(`${nonce.slice(5)}\r\nhello\r\n\x1b]133;C;${nonce}\x07\x1b]133;D;0;${nonce}\x07dsh> `)
  }
  return { handle, spawned, deps, scheduler, config, prompt }
}

describe('spawnBashSession (fake handle)', () => {
  it('starts bash directly in danger-full-access with the terminal environment and resolves the motd', async () => {
    const t = setup()
    const spawning = spawnBashSession(t, request, new AbortController().signal)
    await flush()
    t.prompt()
    const session = await spawning
    expect(session.motd).toBe('hello\n')
    const options = t.spawned[0]!
    expect(options.argv).toEqual(['/bin/bash', '--noprofile', '--norc', '-i'])
    expect(options.cwd).toBe('/ws')
    expect(options.env).toMatchObject({ TERM: 'dumb', PAGER: 'cat', GIT_PAGER: 'cat', DSH_SHELL: '1', DSH_SESSION_ID: 'agent-7', DSH_PTY_SESSION_ID: 'pty-1', PS1: 'dsh> ' })
    // the nonce is handed over as the first input line, never through the environment
    expect(t.handle.written[0]).toMatch(/^[0-9a-f]{32}\n$/)
    expect(Object.values(options.env!).some((v) => v.includes(t.handle.written[0]!.trim()))).toBe(false)
    expect(options.env!.PROMPT_COMMAND).toContain('__dsh_prompt_command')
    await session.close()
  })

  it('wraps the argv once through ctx.sandbox in a confined mode', async () => {
    const calls: unknown[] = []
    const t = setup('workspace-write', {
      async confine(argv, policy, options) {
        calls.push({ argv, policy, options })
        return { argv: ['bwrap', '--', ...argv], enforcement: 'bubblewrap' }
      },
    })
    const spawning = spawnBashSession(t, { ...request, cwd: 'sub' }, new AbortController().signal)
    await flush()
    t.prompt()
    const session = await spawning
    expect(calls).toEqual([{ argv: ['/bin/bash', '--noprofile', '--norc', '-i'], policy: { mode: 'workspace-write', workspaceRoot: '/ws' }, options: { cwd: '/ws/sub' } }])
    expect(t.spawned[0]!.argv.slice(0, 2)).toEqual(['bwrap', '--'])
    await session.close()
  })

  it('a confined mode without a provider fails before anything starts', async () => {
    const t = setup('workspace-write')
    await expect(spawnBashSession(t, request, new AbortController().signal)).rejects.toMatchObject({ code: 'SANDBOX_PROVIDER_MISSING' })
    expect(t.spawned).toEqual([])
  })

  it('cancellation with a failing cleanup keeps the exact reason inside TerminalBackendCleanupError', async () => {
    const t = setup()
    t.handle.terminateFailures = 1
    const controller = new AbortController()
    const spawning = spawnBashSession(t, request, controller.signal)
    await flush()
    const reason = { why: 'caller' }
    controller.abort(reason)
    const error = await spawning.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TerminalBackendCleanupError)
    expect((error as TerminalBackendCleanupError).spawnError).toBe(reason)
    expect((error as TerminalBackendCleanupError).cleanupError).toMatchObject({ code: 'CLOSE_FAILED', message: expect.stringContaining('777') })
  })
})

describe('BashSession (fake handle)', () => {
  async function open() {
    const t = setup()
    const spawning = spawnBashSession(t, request, new AbortController().signal)
    await flush()
    t.prompt()
    return { ...t, session: await spawning }
  }

  it('a failed close propagates the survivors and can be retried; it settles the active send', async () => {
    const t = await open()
    t.handle.terminateFailures = 1
    const op = t.session.send({ text: 'sleep 100', submit: true })
    await expect(t.session.close()).rejects.toMatchObject({ code: 'CLOSE_FAILED' })
    expect((await op.done).waitReason).toBe('session_exit')
    await expect(t.session.close()).resolves.toBeUndefined()
    expect(t.session.status()).toEqual({ kind: 'exited', exitCode: null, signal: 'SIGHUP' })
  })

  it('output the query emulator must parse is consumed once parsed (back-pressure); plain text at once', async () => {
    const t = await open()
    const [escaped] = t.handle.emit('\x1b[1mbold\x1b[0m\r\n')
    expect(escaped).toBeInstanceOf(Promise)
    await expect(escaped).resolves.toBeUndefined()
    // plain text long after the last escape sequence is held back from the emulator: nothing to wait for
    t.handle.emit('plain text\r\n'.repeat(1000))
    expect(t.handle.emit('more plain text\r\n'.repeat(100))).toEqual([undefined])
    await t.session.close()
  })

  it('maps signal failures and validates reads', async () => {
    const t = await open()
    expect(await t.session.signal('SIGINT')).toEqual({ delivered: true, targetPgid: 300 })
    t.handle.signalError = new SubprocessError('SHELL_SIGKILL')
    await expect(t.session.signal('SIGKILL')).rejects.toMatchObject({ code: 'SHELL_SIGKILL', message: expect.stringContaining('terminal_close') })
    t.handle.signalError = new SubprocessError('FOREGROUND_UNKNOWN')
    await expect(t.session.signal('SIGTERM')).rejects.toMatchObject({ code: 'FOREGROUND_UNKNOWN' })
    await expect(t.session.read({ offset: -1 })).rejects.toMatchObject({ code: 'BAD_READ' })
    await expect(t.session.read({ count: 1.5 })).rejects.toMatchObject({ code: 'BAD_READ' })
    const page = await t.session.read({})
    expect(page.text).toBe('hello\ndsh> ')
    expect(page.screen).toBeUndefined()
    await t.session.close()
  })

  it('the shell exiting settles the active send as session_exit with its code', async () => {
    const t = await open()
    const op = t.session.send({ text: 'exit 3', submit: true })
    await flush()
    expect(t.handle.written.slice(1)).toEqual(['exit 3\r'])
    t.handle.emit('exit 3\r\nexit\r\n')
    t.handle.end({ exitCode: 3, signal: null })
    expect(await op.done).toEqual({ viewport: 'exit 3\nexit\n', waitReason: 'session_exit', sessionStatus: { kind: 'exited', exitCode: 3, signal: null }, truncated: false })
    await t.session.close()
  })
})
