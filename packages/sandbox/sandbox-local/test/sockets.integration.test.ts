import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { type Server, createServer } from 'node:net'
import { join } from 'node:path'
import type { Context } from '@deepseek-ai/cordis'
import type { ExecutionPolicy } from 'dsh-sandbox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ON_LINUX, bootSandbox, requireBwrap, run, tempDirOutsideTmp } from './helpers'

/** Inside the sandbox: try to connect to each `name=kind:address`, print `name CONNECTED` or `name REFUSED <error>`. */
const TRY_CONNECT = `
import socket, sys
for spec in sys.argv[1:]:
    name, rest = spec.split('=', 1)
    kind, address = rest.split(':', 1)
    try:
        if kind == 'tcp':
            s = socket.socket(socket.AF_INET)
            s.connect(('127.0.0.1', int(address)))
        else:
            s = socket.socket(socket.AF_UNIX)
            # node (libuv) binds an abstract name padded with NULs to the whole sun_path
            s.connect(('\\0' + address).ljust(108, '\\0') if kind == 'abstract' else address)
        print(name, 'CONNECTED')
    except OSError as e:
        print(name, 'REFUSED', type(e).__name__)
`

/** A listening server that counts the connections it accepted. */
async function listen(address: string | number): Promise<{ server: Server; accepted: () => number }> {
  let count = 0
  const server = createServer((socket) => { count++; socket.destroy() })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    if (typeof address === 'number') server.listen(address, '127.0.0.1', resolve)
    else server.listen(address, resolve)
  })
  return { server, accepted: () => count }
}

function outcomes(stdout: string): Record<string, string> {
  return Object.fromEntries(stdout.trim().split('\n').filter(Boolean).map((line) => {
    const [name, verdict] = line.split(' ')
    return [name!, verdict!]
  }))
}

describe.runIf(ON_LINUX)('host unix sockets are out of reach of a sandboxed session (Linux: real bubblewrap)', () => {
  const saved = { agent: process.env.DSH_TEST_AGENT_SOCK, runtime: process.env.XDG_RUNTIME_DIR }
  const servers: { server: Server; accepted: () => number }[] = []
  const tag = `dsh-sock-${process.pid}`
  let base: string
  let workspace: string
  let root: Context
  let isolated: Context
  let targets: string[]
  let hostTmpFile: string

  beforeAll(async () => {
    requireBwrap()
    base = tempDirOutsideTmp('dsh-sock-')
    workspace = join(base, 'ws')
    for (const dir of ['ws', 'plain', 'named', 'runtime']) mkdirSync(join(base, dir))
    // a socket nothing names (found through /proc/net/unix), one named in the environment
    // (its directory is hidden, so a socket made there later is hidden too), one in
    // $XDG_RUNTIME_DIR, one in the workspace itself; an abstract one and loopback TCP
    servers.push(await listen(join(base, 'plain/x.sock')))
    servers.push(await listen(join(base, 'named/agent.sock')))
    servers.push(await listen(join(base, 'runtime/bus')))
    servers.push(await listen(join(workspace, 'dev.sock')))
    const abstract = await listen(`\0${tag}`)
    const tcp = await listen(0)
    process.env.DSH_TEST_AGENT_SOCK = join(base, 'named/agent.sock')
    process.env.XDG_RUNTIME_DIR = join(base, 'runtime')
    hostTmpFile = join('/tmp', `${tag}-visible`)
    writeFileSync(hostTmpFile, 'host\n')
    targets = [
      `plain=path:${join(base, 'plain/x.sock')}`,
      `named=path:${join(base, 'named/agent.sock')}`,
      `late=path:${join(base, 'named/late.sock')}`,
      `runtime=path:${join(base, 'runtime/bus')}`,
      `workspace=path:${join(workspace, 'dev.sock')}`,
      `abstract=abstract:${tag}`,
      `tcp=tcp:${(tcp.server.address() as { port: number }).port}`,
    ]
    servers.push(abstract, tcp)
    root = await bootSandbox()
    isolated = await bootSandbox({ shareNetwork: false })
  })

  afterAll(async () => {
    process.env.DSH_TEST_AGENT_SOCK = saved.agent
    process.env.XDG_RUNTIME_DIR = saved.runtime
    if (saved.agent === undefined) delete process.env.DSH_TEST_AGENT_SOCK
    if (saved.runtime === undefined) delete process.env.XDG_RUNTIME_DIR
    await Promise.all(servers.map(({ server }) => new Promise((resolve) => server.close(resolve))))
    await root?.fiber.dispose()
    await isolated?.fiber.dispose()
    if (base !== undefined) rmSync(base, { recursive: true, force: true })
    if (hostTmpFile !== undefined) rmSync(hostTmpFile, { force: true })
  })

  async function attempt(ctx: Context, mode: ExecutionPolicy['mode']) {
    const { argv } = await ctx.sandbox.confine(['python3', '-c', TRY_CONNECT, ...targets], { mode, workspaceRoot: workspace })
    // made after the confine: only the hidden directory keeps it out of reach
    if (servers.length === 6) servers.push(await listen(join(base, 'named/late.sock')))
    return outcomes((await run(argv, { cwd: workspace })).stdout)
  }

  for (const mode of ['read-only', 'workspace-write'] as const) {
    it(`${mode}: no path socket answers, wherever it is; abstract sockets and loopback TCP stay reachable with the shared network`, async () => {
      expect(await attempt(root, mode)).toEqual({
        plain: 'REFUSED', named: 'REFUSED', late: 'REFUSED', runtime: 'REFUSED', workspace: 'REFUSED',
        abstract: 'CONNECTED', tcp: 'CONNECTED',
      })
      expect(servers.slice(0, 4).map((s) => s.accepted())).toEqual([0, 0, 0, 0])
    })

    it(`${mode} with shareNetwork: false: the abstract namespace and loopback TCP are gone with the network namespace`, async () => {
      expect(await attempt(isolated, mode)).toEqual({
        plain: 'REFUSED', named: 'REFUSED', late: 'REFUSED', runtime: 'REFUSED', workspace: 'REFUSED',
        abstract: 'REFUSED', tcp: 'REFUSED',
      })
    })

    it(`${mode}: /tmp is private, /run and the socket directories are empty and read-only`, async () => {
      const script = [
        `test -e ${hostTmpFile} && echo HOST-TMP-VISIBLE || echo host-tmp-hidden`,
        `ls -A ${join(base, 'named')} ${join(base, 'runtime')} | grep -v : | grep . || echo socket-dirs-empty`,
        'find /run /var/run -type s 2>/dev/null | grep . || echo no-run-sockets',
        '( : > /run/planted ) 2>/dev/null && echo RUN-WRITABLE || echo run-read-only',
        'echo scratch > /tmp/s && cat /tmp/s',
      ].join('\n')
      const { argv } = await root.sandbox.confine(['bash', '-c', script], { mode, workspaceRoot: workspace })
      expect((await run(argv, { cwd: workspace })).stdout.trim().split('\n')).toEqual([
        'host-tmp-hidden', 'socket-dirs-empty', 'no-run-sockets', 'run-read-only', 'scratch',
      ])
    })
  }

  it('name resolution still works with /run masked: /etc/resolv.conf reads the same inside', async () => {
    const { argv } = await root.sandbox.confine(['cat', '/etc/resolv.conf'], { mode: 'read-only', workspaceRoot: workspace })
    const inside = await run(argv)
    const outside = await run(['cat', '/etc/resolv.conf'])
    expect(inside.stdout).toBe(outside.stdout)
  })
})
