import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import xterm from '@xterm/headless'
import { afterEach, describe, expect, it } from 'vitest'
import { boot, type Harness, waitFor } from './fixtures/harness'
import { requireTool } from './fixtures/tools'

/** The 1-based cursor column an emulator of the session's size ends on after parsing all of `data`. */
async function fullParseColumn(data: string): Promise<number> {
  const term = new xterm.Terminal({ cols: 160, rows: 40, scrollback: 0, allowProposedApi: true, logLevel: 'off' })
  try {
    await new Promise<void>((resolve) => term.write(data, resolve))
    return term.buffer.active.cursorX + 1
  } finally {
    term.dispose()
  }
}

let h: Harness | undefined
afterEach(async () => {
  await h?.dispose()
  h = undefined
})

describe('bash session (real PTY)', () => {
  it('keeps cwd, exported variables and functions across sends', async () => {
    h = await boot()
    const id = await h.open()
    await h.send(id, 'mkdir -p sub/dir && cd sub/dir')
    await h.send(id, 'export DSH_TEST_VAR=persisted-value')
    await h.send(id, 'greet() { echo "hello-$1-from-fn"; }')
    const r = await h.send(id, 'pwd; echo "var=$DSH_TEST_VAR"; greet 7')
    expect(r.viewport).toContain(`${h.workspace}/sub/dir`)
    expect(r.viewport).toContain('var=persisted-value')
    expect(r.viewport).toContain('hello-7-from-fn')
    expect(r.sessionStatus).toEqual({ kind: 'running' })
  })

  it('starts in the workspace root with the terminal environment and the controlled prompt', async () => {
    h = await boot()
    const id = await h.open()
    // biome-ignore lint/suspicious/noTemplateCurlyInString: bash parameter expansion
    const r = await h.send(id, 'echo "cwd=$PWD term=$TERM pager=$PAGER git=$GIT_PAGER shell=$DSH_SHELL agent=$DSH_SESSION_ID pty=$DSH_PTY_SESSION_ID nonce=${DSH_PROMPT_NONCE:-unset}"')
    expect(r.viewport).toContain(`cwd=${h.workspace} term=dumb pager=cat git=cat shell=1 agent=${h.agent.id} pty=${id} nonce=unset`)
    expect(r.viewport.endsWith('dsh> ')).toBe(true)
    // no child inherits the integration
    const env = await h.send(id, 'env | grep -c -e DSH_PROMPT_NONCE -e PROMPT_COMMAND')
    expect(env.viewport).toMatch(/\n0\n/)
  })

  it('the marker nonce never sits in the environment of the shell or its children', async () => {
    h = await boot()
    const id = await h.open()
    // the shell knows its nonce (a shell variable) and its pid
    const r = await h.send(id, 'echo "nonce=<$__dsh_nonce> pid=<$$>"')
    const nonce = /nonce=<([0-9a-f]{32})>/.exec(r.viewport)?.[1]
    const pid = Number(/pid=<(\d+)>/.exec(r.viewport)?.[1])
    expect(nonce).toBeDefined()
    // the terminal's echo of the handover line is never shown: only the echo above has it
    expect((await h.root.terminals.read(h.agent, id, {})).text.split(nonce!).length).toBe(2)
    // what the kernel keeps for the shell's whole life, unset or not
    expect(readFileSync(`/proc/${pid}/environ`, 'latin1')).not.toContain(nonce!)
    // a child's environment, read by the child itself
    const child = await h.send(id, `tr '\\0' '\\n' < /proc/self/environ | grep -c ${nonce}; echo "checked-$((40+2))"`)
    expect(child.viewport).toMatch(/\n0\nchecked-42\n/)
  })

  it('a changed PS1 does not break readiness: the prompt is restored', async () => {
    h = await boot({ idleSilenceMs: 20_000, timeoutMs: 25_000 })
    const id = await h.open()
    await h.send(id, 'PS1="custom$ "')
    const r = await h.send(id, 'echo $((6*7))')
    expect(r.waitReason).toBe('stdin_read')
    expect(r.viewport).toContain('\n42\n')
    expect(r.viewport.endsWith('dsh> ')).toBe(true)
  })

  it('the motd is what the shell printed before its first prompt', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dsh-rc-'))
    try {
      const rc = join(dir, 'rc.sh')
      writeFileSync(rc, 'echo "welcome-$((40+2))"\n')
      h = await boot({ shellArgs: ['--noprofile', '--rcfile', rc, '-i'] })
      const opened = await h.root.terminals.spawn(h.agent, { type: 'shell' })
      expect(opened.motd).toBe('welcome-42\n')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('a printed fake marker plus the prompt does not settle a send', async () => {
    h = await boot({ idleSilenceMs: 20_000, timeoutMs: 25_000 })
    const id = await h.open()
    // the shell itself keeps the foreground, busy for a second after printing the fake
    const r = await h.send(id, 'printf "\\033]133;D;0;deadbeef\\007dsh> "; SECONDS=0; while [ $SECONDS -lt 2 ]; do :; done; echo "real-$((20+3))"')
    expect(r.viewport).toContain('real-23')
    expect(r.viewport).not.toContain('\x1b')
  })

  it('keeps credential variables out of the shell', async () => {
    process.env.GITHUB_TOKEN = 'ghp_should_not_leak'
    process.env.DSH_TEST_API_KEY = 'sk-should-not-leak'
    try {
      h = await boot()
      const id = await h.open()
      // biome-ignore lint/suspicious/noTemplateCurlyInString: bash parameter expansion
      const r = await h.send(id, 'echo "gh=${GITHUB_TOKEN:-absent} key=${DSH_TEST_API_KEY:-absent}"; env | grep -c leak')
      expect(r.viewport).toContain('gh=absent key=absent')
      expect(r.viewport).toMatch(/\n0\n/)
    } finally {
      delete process.env.GITHUB_TOKEN
      delete process.env.DSH_TEST_API_KEY
    }
  })

  it('reads scrollback backwards from the newest line', async () => {
    h = await boot()
    const id = await h.open()
    await h.send(id, 'seq 1 30')
    const page = await h.root.terminals.read(h.agent, id, { offset: 0, count: 3 })
    // newest lines: "29", "30", then the prompt line
    expect(page.text).toBe('29\n30\ndsh> ')
    expect(page).toMatchObject({ lineBegin: 0, lineEnd: 3, truncated: false })
    const next = await h.root.terminals.read(h.agent, id, { offset: page.lineEnd, count: 2 })
    expect(next.text).toBe('27\n28')
    expect(next.totalLines).toBe(page.totalLines)
  })

  it('scrollback retention loss is reported as truncated', async () => {
    h = await boot({ scrollbackLines: 10, maxReadBytes: 1024, scrollbackMaxBytes: 4096 })
    const id = await h.open()
    await h.send(id, 'seq 1 100')
    const page = await h.root.terminals.read(h.agent, id, {})
    expect(page.totalLines).toBe(10)
    expect(page.truncated).toBe(true)
    expect(page.text).toContain('100\ndsh> ')
  })

  it('answers terminal queries through the headless emulator', async () => {
    h = await boot()
    const id = await h.open()
    // biome-ignore lint/suspicious/noTemplateCurlyInString: bash parameter expansion
    const r = await h.send(id, 'printf "\\033[6n"; IFS= read -rs -d R -t 10 pos; echo "answer=${pos#*[}"')
    expect(r.viewport).toMatch(/answer=\d+;\d+\n/)
  })

  it('answers a cursor-position query after a large block: bottom row, column after the last line', async () => {
    requireTool('python3', 'apt-get install python3')
    h = await boot()
    const id = await h.open()
    const script = join(h.workspace, 'dsr.py')
    // raw mode: no output post-processing, so the script writes its own line endings; the
    // block with CR LF endings is far past the emulator's hold bounds, the bare-LF one is
    // parsed in full; each ends on a partial line before the query
    writeFileSync(script, String.raw`import os, sys, termios, tty
fd = sys.stdin.fileno()
old = termios.tcgetattr(fd)
tty.setraw(fd)
def ask(block):
    os.write(1, block + b"\x1b[6n")
    reply = b""
    while not reply.endswith(b"R"):
        reply += os.read(fd, 1)
    return reply.decode().replace("\x1b", "ESC")
try:
    crlf = ask(b"".join(b"line %d\r\n" % i for i in range(50000)) + b"tail-abc")
    bare = ask(b"\r\n" + b"".join(b"bare %d\n" % i for i in range(20000)))
finally:
    termios.tcsetattr(fd, termios.TCSADRAIN, old)
print("\ncrlf=" + crlf + " bare=" + bare)
`)
    // the replies are read by python, not by the shell whose counters the send watches,
    // so the result is awaited in scrollback rather than through the send's readiness
    h.root.terminals.startSend(h.agent, id, { text: `python3 ${script}`, submit: true })
    const result = /crlf=ESC\[(\d+);(\d+)R bare=ESC\[(\d+);(\d+)R\n/
    let found: RegExpMatchArray | null = null
    await waitFor('the replies in scrollback', async () => {
      found = (await h!.root.terminals.read(h!.agent, id, { count: 5 })).text.match(result)
      return found !== null
    })
    // rows is 40: after the flood the cursor is on the bottom row; "tail-abc" puts it in column 9
    const [, crlfRow, crlfCol, bareRow, bareCol] = found!
    expect([crlfRow, crlfCol, bareRow]).toEqual(['40', '9', '40'])
    // bare LFs keep the column, so it walks along (and wraps at 160) with every line: the
    // answer must be the column a complete parse of the same bytes ends on
    expect(Number(bareCol)).toBe(await fullParseColumn(`\r\n${Array.from({ length: 20000 }, (_, i) => `bare ${i}\n`).join('')}`))
  })

  it('a settled send keeps later output out of its result, but scrollback has it', async () => {
    h = await boot({ idleSilenceMs: 200, handoffGraceMs: 50, timeoutMs: 20_000 })
    const id = await h.open()
    const first = await h.send(id, 'sleep 1; echo "late-$((1+1))"')
    expect(first.waitReason).toBe('inferred_idle')
    expect(first.viewport).not.toContain('late-2')
    await waitFor('the late output in scrollback', async () => (await h!.root.terminals.read(h!.agent, id, {})).text.includes('late-2\ndsh> '))
    const second = await h.send(id, 'echo "next-$((2+2))"')
    expect(second.viewport).toContain('next-4')
    const all = await h.root.terminals.read(h.agent, id, {})
    expect(all.text).toContain('late-2')
  })
})
