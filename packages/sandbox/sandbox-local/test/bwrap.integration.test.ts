import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import type { Context } from '@deepseek-ai/cordis'
import type { ExecutionPolicy } from 'dsh-sandbox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ON_LINUX, TRY_WRITES, bootSandbox, requireBwrap, run, tempDirInTmp, tempDirOutsideTmp, verdicts } from './helpers'

describe.runIf(ON_LINUX)('bubblewrap confinement (Linux only: bubblewrap does not exist on macOS)', () => {
  let base: string
  let workspace: string
  let sibling: string
  let tag: string
  let homeProbe: string
  let root: Context

  beforeAll(async () => {
    requireBwrap()
    base = tempDirOutsideTmp('dsh-sbx-')
    workspace = join(base, 'ws')
    sibling = join(base, 'sibling')
    tag = base.split('/').pop()!
    homeProbe = join(homedir(), `.${tag}-home-probe`)
    mkdirSync(workspace)
    mkdirSync(sibling)
    writeFileSync(join(sibling, 'existing.txt'), 'original\n')
    writeFileSync(join(workspace, 'existing.txt'), 'original\n')
    root = await bootSandbox()
  })

  afterAll(async () => {
    await root?.fiber.dispose()
    if (base !== undefined) rmSync(base, { recursive: true, force: true })
    if (homeProbe !== undefined) rmSync(homeProbe, { force: true })
  })

  async function inSandbox(policy: ExecutionPolicy, script: string, args: string[] = [], cwd?: string) {
    const { argv, enforcement } = await root.sandbox.confine(['bash', '-c', script, 'probe', ...args], policy, cwd === undefined ? {} : { cwd })
    expect(enforcement).toBe('bubblewrap')
    return run(argv, { cwd: cwd ?? base })
  }

  /** Mount points and whether they are read-only, from /proc/self/mountinfo text. */
  function mounts(mountinfo: string): { point: string; ro: boolean }[] {
    return mountinfo.trim().split('\n').map((line) => {
      const fields = line.split(' ')
      return { point: fields[4]!.replace(/\\040/g, ' '), ro: fields[5]!.split(',').includes('ro') }
    })
  }

  describe('workspace-write under bubblewrap', () => {
    const policy = (): ExecutionPolicy => ({ mode: 'workspace-write', workspaceRoot: workspace })

    it('writes inside the workspace succeed; a sibling folder and $HOME stay read-only', async () => {
      const result = await inSandbox(policy(), `${TRY_WRITES}\necho "made in the sandbox" > "${workspace}/made.txt" && echo WORKSPACE-DONE`, [
        `create:${workspace}/new.txt`,
        `mkdir:${workspace}/newdir`,
        `append:${workspace}/existing.txt`,
        `create:${sibling}/new.txt`,
        `append:${sibling}/existing.txt`,
        `delete:${sibling}/existing.txt`,
        `mkdir:${sibling}/newdir`,
        `create:${homeProbe}`,
        `create:${base}/beside-ws.txt`,
      ])
      expect(result.stdout).toContain('WORKSPACE-DONE')
      expect(verdicts(result.stdout)).toEqual({
        [`create:${workspace}/new.txt`]: 'ALLOWED',
        [`mkdir:${workspace}/newdir`]: 'ALLOWED',
        [`append:${workspace}/existing.txt`]: 'ALLOWED',
        [`create:${sibling}/new.txt`]: 'DENIED',
        [`append:${sibling}/existing.txt`]: 'DENIED',
        [`delete:${sibling}/existing.txt`]: 'DENIED',
        [`mkdir:${sibling}/newdir`]: 'DENIED',
        [`create:${homeProbe}`]: 'DENIED',
        [`create:${base}/beside-ws.txt`]: 'DENIED',
      })
      // the workspace writes reached the host; nothing else changed
      expect(readFileSync(join(workspace, 'made.txt'), 'utf8')).toBe('made in the sandbox\n')
      expect(readFileSync(join(workspace, 'existing.txt'), 'utf8')).toBe('original\nmore\n')
      expect(readFileSync(join(sibling, 'existing.txt'), 'utf8')).toBe('original\n')
      expect(existsSync(join(sibling, 'new.txt'))).toBe(false)
      expect(existsSync(homeProbe)).toBe(false)
    })

    it('the sibling is visible but read-only (the failure is EROFS, not a missing path)', async () => {
      const result = await inSandbox(policy(), `cat "${sibling}/existing.txt"; echo x > "${sibling}/existing.txt"`)
      expect(result.stdout).toBe('original\n')
      expect(result.stderr).toContain('Read-only file system')
    })

    it('/tmp is private and writable, TMPDIR points at it, and nothing reaches the host /tmp', async () => {
      const name = `${tag}-private-tmp.txt`
      const result = await inSandbox(policy(), `echo "$TMPDIR"; echo secret > /tmp/${name} && cat /tmp/${name}; ls /tmp | wc -l; f=$(mktemp) && echo "MKTEMP $f"`)
      const [tmpdir, written, count, made] = result.stdout.trim().split('\n')
      expect(tmpdir).toBe('/tmp')
      expect(written).toBe('secret')
      expect(Number(count)).toBe(1)
      expect(made).toMatch(/^MKTEMP \/tmp\/tmp\./)
      expect(existsSync(join('/tmp', name))).toBe(false)
    })

    it('a workspace under /tmp stays shared through the private /tmp', async () => {
      const inTmp = tempDirInTmp('dsh-sbx-ws-')
      try {
        const result = await inSandbox({ mode: 'workspace-write', workspaceRoot: inTmp }, `echo hello > "${inTmp}/x.txt" && echo OK`)
        expect(result.stdout).toBe('OK\n')
        expect(readFileSync(join(inTmp, 'x.txt'), 'utf8')).toBe('hello\n')
      } finally {
        rmSync(inTmp, { recursive: true, force: true })
      }
    })

    it('only /dev, /proc, /tmp and the workspace are mounted writable', async () => {
      const result = await inSandbox(policy(), 'cat /proc/self/mountinfo')
      const writable = mounts(result.stdout).filter((m) => !m.ro).map((m) => m.point)
        .filter((p) => p !== '/dev' && !p.startsWith('/dev/'))
      expect([...new Set(writable)].sort()).toEqual(['/proc', '/tmp', workspace].sort())
    })
  })

  describe('read-only under bubblewrap', () => {
    const policy = (): ExecutionPolicy => ({ mode: 'read-only', workspaceRoot: workspace })

    it('every write to the host fails (only devices, /dev/shm and the private /tmp take writes)', async () => {
      const attempts = [
        `create:/${tag}-root.txt`,
        `create:/etc/${tag}.txt`,
        `create:${homeProbe}`,
        `create:${workspace}/ro.txt`,
        `append:${workspace}/existing.txt`,
        `delete:${workspace}/existing.txt`,
        `mkdir:${workspace}/d`,
        `append:${sibling}/existing.txt`,
        `create:/var/tmp/${tag}.txt`,
        `create:${base}/cwd.txt`,
        'same:/proc/sys/kernel/hostname',
        `create:/dev/${tag}`,
      ]
      const scratch = `echo hi > /dev/null && echo DEVNULL-OK; echo s > /dev/shm/s && cat /dev/shm/s; echo t > /tmp/${tag}.txt && cat /tmp/${tag}.txt`
      const result = await inSandbox(policy(), `${TRY_WRITES}\n${scratch}`, attempts)
      expect(verdicts(result.stdout)).toEqual(Object.fromEntries(attempts.map((a) => [a, 'DENIED'])))
      expect(result.stdout).toContain('DEVNULL-OK\ns\nt\n')
      expect(existsSync(join('/tmp', `${tag}.txt`))).toBe(false)
      expect(readFileSync(join(workspace, 'existing.txt'), 'utf8')).toBe('original\nmore\n')
      expect(existsSync(join(workspace, 'ro.txt'))).toBe(false)
      expect(existsSync(homeProbe)).toBe(false)
    })

    it('no mount outside /dev is writable except the sandbox procfs and the private /tmp; /proc/sys is read-only', async () => {
      const result = await inSandbox(policy(), 'cat /proc/self/mountinfo')
      const all = mounts(result.stdout)
      const writable = all.filter((m) => !m.ro && m.point !== '/dev' && !m.point.startsWith('/dev/')).map((m) => m.point)
      expect([...new Set(writable)].sort()).toEqual(['/proc', '/tmp'])
      // the last mount on /dev (the sandbox's own) is read-only
      expect(all.filter((m) => m.point === '/dev').at(-1)?.ro).toBe(true)
      expect(all.filter((m) => m.point === '/proc/sys').every((m) => m.ro)).toBe(true)
      expect(all.some((m) => m.point === '/proc/sys')).toBe(true)
    })

    it('a shell still works: TMPDIR scratch for big here-documents and mktemp', async () => {
      const script = 'echo "$TMPDIR"; big=$(head -c 100000 /dev/zero | tr "\\0" a); cat <<EOF | wc -c\n$big\nEOF\nmktemp'
      const result = await inSandbox(policy(), script)
      const [tmpdir, count, made] = result.stdout.trim().split('\n')
      expect(tmpdir).toBe('/tmp')
      expect(Number(count)).toBe(100001)
      expect(made).toMatch(/^\/tmp\/tmp\./)
    })

    it('runs without capabilities, in its own pid namespace, even when the host user is root', async () => {
      const result = await inSandbox(policy(), 'grep -E "^Cap(Eff|Prm|Amb):" /proc/self/status; echo "PID $$"; ls /proc | grep -c "^[0-9]"')
      const lines = result.stdout.trim().split('\n')
      expect(lines.slice(0, 3).map((l) => l.split(/\s+/)[1])).toEqual(['0000000000000000', '0000000000000000', '0000000000000000'])
      // bwrap's reaper is pid 1, so the shell is pid 2 and only a handful of pids exist
      expect(lines[3]).toBe('PID 2')
      expect(Number(lines[4])).toBeLessThan(10)
    })

    it('re-enters the caller\'s working directory with --chdir', async () => {
      const result = await inSandbox(policy(), 'pwd', [], workspace)
      expect(result.stdout).toBe(`${workspace}\n`)
    })
  })

  describe('network and the unconfined mode', () => {
    it('shareNetwork: false leaves only the loopback interface', async () => {
      const closed = await bootSandbox({ shareNetwork: false })
      try {
        const { argv } = await closed.sandbox.confine(['cat', '/proc/net/dev'], { mode: 'read-only', workspaceRoot: workspace })
        const result = await run(argv)
        const interfaces = result.stdout.split('\n').slice(2).filter(Boolean).map((l) => l.split(':')[0]!.trim())
        expect(interfaces).toEqual(['lo'])
      } finally {
        await closed.fiber.dispose()
      }
    })

    it('danger-full-access is not wrapped at all', async () => {
      const argv = ['bash', '-c', `echo free > "${sibling}/free.txt"`]
      const confinement = await root.sandbox.confine(argv, { mode: 'danger-full-access', workspaceRoot: workspace })
      expect(confinement).toEqual({ argv, enforcement: 'none' })
      expect(confinement.argv).not.toBe(argv)
      await run(confinement.argv)
      expect(readFileSync(join(sibling, 'free.txt'), 'utf8')).toBe('free\n')
    })
  })
})
