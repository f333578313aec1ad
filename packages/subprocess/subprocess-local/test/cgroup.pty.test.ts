import { spawn } from 'node:child_process'
import { existsSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { fileURLToPath } from 'node:url'
import { Context } from '@deepseek-ai/cordis'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { Config, SubprocessLocalService } from '../src'
import { hostDirsOf, pidsWithCmdline, uniqueMarker } from './cgroup-helpers'
import { BASH, BASH_ENV, fixture, requireTool, waitUntil } from './helpers'

const PYTHON = requireTool('/usr/bin/python3', 'apt-get install python3')
const BWRAP = requireTool('/usr/bin/bwrap', 'apt-get install bubblewrap')
/** Short teardown grace: the escapes ignore nothing, the cgroup kill is what matters. */
const GRACE_MS = 300
/** Hosts started by this file (their cgroup directories must be gone at the end). */
const hosts = [process.pid]

let root: Context | undefined
afterEach(async () => {
  await root?.fiber.dispose()
  root = undefined
})

/** Pid files the crash host's daemon writes (removed however its test ends). */
const pidFiles: string[] = []

afterAll(() => {
  for (const file of pidFiles) rmSync(file, { force: true })
  expect(hostDirsOf(hosts)).toEqual([])
})

async function service(config: Partial<Config> = {}): Promise<SubprocessLocalService> {
  root = new Context()
  await root.plugin(SubprocessLocalService, Config.parse({ defaultGraceMs: GRACE_MS, ...config }))
  return root.subprocess as SubprocessLocalService
}

async function shell(subprocess: SubprocessLocalService, argv: readonly string[] = BASH) {
  const handle = await subprocess.spawnTerminal({ argv, cwd: '/tmp', env: BASH_ENV })
  let output = ''
  handle.onData((chunk) => { output += chunk })
  const waitFor = (text: string) => waitUntil(`"${text}" in the output`, () => (output.includes(text) ? true : undefined))
  await waitFor('PROMPT> ')
  return { handle, waitFor, output: () => output }
}

/**
 * Start the three escape attempts of issue 13.3 in a shell; resolves with their pids. The
 * second (a setsid double fork) also ignores SIGTERM and SIGHUP: only a kill reaches it.
 */
async function startEscapes(t: Awaited<ReturnType<typeof shell>>, marker: string): Promise<number[]> {
  const pidFile = `${tmpdir()}/dsh-daemon-${marker}.pid`
  try {
    await t.handle.write(`setsid sleep ${marker}1 & setsid bash -c 'trap "" TERM HUP; sleep ${marker}2 & exit'; ${PYTHON} ${fixture('daemonize.py')} ${pidFile} ${marker}3; echo ESC-$((40+2))\r`)
    await t.waitFor('ESC-42')
    return await waitUntil('the three escapes running', () => {
      const found = [1, 2, 3].map((n) => pidsWithCmdline(`sleep ${marker}${n}`))
      return found.every((p) => p.length === 1) ? found.map((p) => p[0]!) : undefined
    })
  } finally {
    rmSync(pidFile, { force: true })
  }
}

describe('each session in its own cgroup (this machine: cgroup v1/v2 hybrid, as root)', () => {
  it('says at start where session cgroups live and which limits hold', async () => {
    const subprocess = await service()
    expect(subprocess.containment).toMatchObject({ kind: expect.stringMatching(/^cgroup-(v2|hybrid)$/), maxProcesses: 1024, unenforced: [] })
    expect(subprocess.containment.detail).toContain(`dsh-host-${process.pid}-`)
  })

  it('a setsid sleep, a setsid double fork and a python daemon do not survive terminate()', async () => {
    const subprocess = await service()
    const t = await shell(subprocess)
    const marker = uniqueMarker()
    const escapes = await startEscapes(t, marker)
    const result = await t.handle.terminate()
    expect([...result.signalled, ...(result.killed ?? [])]).toEqual(expect.arrayContaining(escapes))
    expect(result.killed).toContain(escapes[1])
    for (const n of [1, 2, 3]) expect(pidsWithCmdline(`sleep ${marker}${n}`)).toEqual([])
    expect(hostDirsOf([process.pid]).every((dir) => !existsSync(`${dir}/s1`))).toBe(true)
  })

  it('without cgroups (cgroups: "off") the same escapes outlive the close: the limit the README states', async () => {
    const subprocess = await service({ cgroups: 'off' })
    expect(subprocess.containment.kind).toBe('none')
    const t = await shell(subprocess)
    const marker = uniqueMarker()
    const escapes = await startEscapes(t, marker)
    await t.handle.terminate()
    const survivors = escapes.filter((pid) => existsSync(`/proc/${pid}`))
    for (const pid of escapes) process.kill(pid, 'SIGKILL')
    expect(survivors.length).toBeGreaterThan(0)
  })

  it('disposing the service (dispose-agent, shutdown) kills the escapes of every open session', async () => {
    const subprocess = await service()
    const marker = uniqueMarker()
    await startEscapes(await shell(subprocess), marker)
    await root!.fiber.dispose()
    root = undefined
    for (const n of [1, 2, 3]) expect(pidsWithCmdline(`sleep ${marker}${n}`)).toEqual([])
    expect(hostDirsOf([process.pid])).toEqual([])
  })

  it('a bwrap session (--unshare-pid --die-with-parent) is in the cgroup too', async () => {
    const subprocess = await service()
    const argv = [BWRAP, '--unshare-pid', '--die-with-parent', '--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--tmpfs', '/tmp', '--', ...BASH]
    const t = await shell(subprocess, argv)
    const marker = uniqueMarker()
    await t.handle.write(`setsid sleep ${marker}1 & echo BW-$((40+2))\r`)
    await t.waitFor('BW-42')
    await waitUntil('the sandboxed escape', () => (pidsWithCmdline(`sleep ${marker}1`).length === 1 ? true : undefined))
    await t.handle.terminate()
    expect(pidsWithCmdline(`sleep ${marker}1`)).toEqual([])
  })
})

describe('a host killed with SIGKILL', () => {
  it('leaves its escapes running until the next start, which reaps its session cgroups', async () => {
    const built = fileURLToPath(new URL('../lib/index.js', import.meta.url))
    if (!existsSync(built)) throw new Error('build the package first: pnpm --filter dsh-subprocess-local... build')
    const marker = uniqueMarker()
    const pidFile = `${tmpdir()}/dsh-daemon-${marker}.pid`
    pidFiles.push(pidFile)
    const host = spawn(process.execPath, [fixture('crash-host.mjs'), marker, pidFile, fixture('daemonize.py')], { stdio: ['ignore', 'pipe', 'inherit'] })
    hosts.push(host.pid!)
    let out = ''
    host.stdout.on('data', (chunk: Buffer) => { out += chunk.toString() })
    await waitUntil('the crash host ready', () => (/HOST \d+ TOP \d+ KIND cgroup-/.test(out) ? true : undefined))
    const escapes = await waitUntil('the three escapes running', () => {
      const found = [1, 2, 3].map((n) => pidsWithCmdline(`sleep ${marker}${n}`))
      return found.every((p) => p.length === 1) ? found.map((p) => p[0]!) : undefined
    })
    expect(hostDirsOf([host.pid!]).length).toBeGreaterThan(0)
    const exited = new Promise((resolve) => host.once('exit', resolve))
    host.kill('SIGKILL')
    await exited
    rmSync(pidFile, { force: true })
    // The crash left them running (nothing of the dead host could act) until some host's
    // start reaps its cgroups: any host starting on this machine meanwhile may already have.
    const reapedMeanwhile = hostDirsOf([host.pid!]).length === 0
    if (!reapedMeanwhile) expect(escapes.filter((pid) => existsSync(`/proc/${pid}`))).toEqual(escapes)
    await service()
    // This start, or another host's start on this machine meanwhile, reaped them: either way
    // they and the dead host's directories are gone (the counts are tested on a fake tree).
    for (const n of [1, 2, 3]) expect(pidsWithCmdline(`sleep ${marker}${n}`)).toEqual([])
    expect(hostDirsOf([host.pid!])).toEqual([])
  })
})

describe('processes per session (pids.max)', () => {
  it('a bounded bomb stops at the limit, the host and other sessions stay responsive, and the close takes it all', async () => {
    const subprocess = await service({ maxProcesses: 40 })
    const quiet = await shell(subprocess)
    const bomb = await shell(subprocess)
    const marker = uniqueMarker()
    await bomb.handle.write(`${PYTHON} ${fixture('fork-until.py')} 300 ${marker}\r`)
    await bomb.waitFor('FORKED ')
    const [, forked, stopped] = /FORKED (\d+) (\w+)/.exec(bomb.output())!
    // bash and python hold two of the 40; the bomb got the rest and then EAGAIN.
    expect(Number(forked)).toBeLessThanOrEqual(38)
    expect(stopped).toBe('EAGAIN')
    const shellBomb = await shell(subprocess)
    await shellBomb.handle.write('b() { b | b & }; b\r')
    await quiet.handle.write('echo alive$((20+22))\r')
    await quiet.waitFor('alive42')
    await bomb.handle.terminate()
    await shellBomb.handle.terminate()
    await quiet.handle.terminate()
    expect(pidsWithCmdline(`${PYTHON} ${fixture('fork-until.py')} 300 ${marker}`)).toEqual([])
  })

  it('memory per session (maxMemoryBytes): a program past it is OOM-killed inside the session, the shell lives on', async () => {
    const subprocess = await service({ maxMemoryBytes: 64 * 1024 * 1024 })
    expect(subprocess.containment.maxMemoryBytes).toBe(64 * 1024 * 1024)
    const t = await shell(subprocess)
    await t.handle.write(`${PYTHON} -c "b = bytearray(256 << 20); print('ALLOC-' + 'OK')"; echo rc=$?-$((20+22))\r`)
    await t.waitFor('-42')
    expect(t.output()).toMatch(/rc=137-42/)
    expect(t.output()).not.toContain('ALLOC-OK')
    await t.handle.write('echo still$((20+22))\r')
    await t.waitFor('still42')
    await t.handle.terminate()
  })

  it('a bad limit is a config error naming the field', async () => {
    const failure = async (config: unknown) => {
      root = new Context()
      try {
        await root.plugin(SubprocessLocalService, config as never)
      } catch (error) {
        return String(error)
      }
      return 'no error'
    }
    expect(await failure({ maxProcesses: -1 })).toMatch(/maxProcesses must be at least 0/)
    expect(await failure({ maxMemoryBytes: 1024 })).toMatch(/maxMemoryBytes must be 0 \(no limit\) or at least 16777216/)
    expect(await failure({ cgroups: 'yes' })).toMatch(/cgroups must be "auto" or "off"/)
    expect(root!.get('subprocess')).toBeUndefined()
  })
})
