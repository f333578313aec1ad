import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { TerminalSendResult } from 'dsh-terminal'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { boot, type Harness, REAL_WAIT_MS } from './fixtures/harness'
import { requireTool } from './fixtures/tools'

/** Idle silence far above any program's latency: sends settle on the prompt or a proven stdin wait. */
const EXACT_ONLY = { idleSilenceMs: 20_000, handoffGraceMs: 500, timeoutMs: 25_000 }
const SNAPSHOT = '[screen snapshot of a full-screen program (40 rows x 160 columns); cursor at row '

let h: Harness | undefined
afterEach(async () => {
  vi.restoreAllMocks()
  await h?.dispose()
  h = undefined
})

/** Wait until the session's scrollback shows `token` (child output, not our echo). */
async function untilRetained(id: Parameters<Harness['send']>[0], token: string): Promise<void> {
  await vi.waitFor(async () => {
    const page = await h!.root.terminals.read(h!.agent, id, { count: 50 })
    expect(page.text).toContain(token)
  }, { timeout: REAL_WAIT_MS, interval: 20 })
}

function count(text: string, token: string): number {
  return text.split(token).length - 1
}

describe('rendered viewport (real PTY, real programs)', () => {
  it('a 3000-frame carriage-return progress bar (python) is one line', async () => {
    requireTool('python3', 'apt-get install python3')
    h = await boot(EXACT_ONLY)
    const id = await h.open()
    const script = join(h.workspace, 'bar.py')
    writeFileSync(script, [
      'import sys',
      'for i in range(3001):',
      "    sys.stdout.write('\\rdownloading %3d%% |%-40s|' % (i * 100 // 3000, '#' * (i * 40 // 3000)))",
      '    sys.stdout.flush()',
      "print(' ok' + str(40 + 2))",
    ].join('\n'))
    const r = await h.send(id, `python3 ${script}`)
    expect(r.viewport).toContain(`\ndownloading 100% |${'#'.repeat(40)}| ok42\n`)
    expect(count(r.viewport, 'downloading')).toBe(1)
    expect(r.viewport.split('\n').length).toBeLessThan(5)
  })

  it('backspace overstrike resolves: printf abcdef BS BS BS Z shows abcZef', async () => {
    h = await boot(EXACT_ONLY)
    const id = await h.open()
    const r = await h.send(id, "printf 'abcdef\\b\\b\\bZ\\n'")
    expect(r.viewport).toContain('\nabcZef\n')
  })

  it('man ls shows NAME and --all, not doubled overstrike letters', async () => {
    requireTool('man', 'apt-get install man-db manpages')
    h = await boot(EXACT_ONLY)
    const id = await h.open()
    const r = await h.send(id, 'man ls | head -40')
    expect(r.viewport).toContain('\nNAME\n')
    expect(r.viewport).toContain('--all')
    expect(r.viewport).not.toContain('NNAAMMEE')
    expect(r.viewport).not.toContain('----aallll')
  })

  it('vim on the alternate screen is a screen snapshot; after :wq the transcript resumes', async () => {
    requireTool('vim', 'apt-get install vim')
    h = await boot(EXACT_ONLY)
    const id = await h.open()
    await h.send(id, `cd ${h.workspace}`)
    const open = await h.send(id, 'TERM=xterm-256color vim -u NONE -i NONE -N v.txt')
    expect(open.viewport).toContain(SNAPSHOT)
    expect(open.viewport).toContain('\n~\n')
    const typed = await h.send(id, 'ihello tok', false)
    expect(typed.viewport.startsWith(`${SNAPSHOT}1, column 10]`)).toBe(true)
    expect(typed.viewport).toContain('\nhello tok\n')
    expect(typed.viewport).toContain('-- INSERT --')
    expect(typed.viewport.length).toBeLessThan(1000)
    // vim leaves the alternate screen (its "written" line with it) and the shell prompts:
    // the send settles there, not in vim's exit wait (which flushes the next input)
    const quit = await h.send(id, '\x1b:wq')
    expect(quit.viewport.endsWith('dsh> ')).toBe(true)
    // (whether :wq settles before vim left the screen is readiness's business: wait for the prompt)
    await vi.waitFor(async () => {
      const page = await h!.root.terminals.read(h!.agent, id, { count: 1 })
      expect(page.text).toBe('dsh> ')
    }, { timeout: REAL_WAIT_MS, interval: 20 })
    const cat = await h.send(id, 'cat v.txt; echo tok$((20+22))')
    expect(cat.viewport).not.toContain(SNAPSHOT)
    expect(cat.viewport).toContain('\nhello tok\ntok42\ndsh> ')
  })

  it('less is a screen snapshot; q gives the prompt back', async () => {
    requireTool('less', 'apt-get install less')
    h = await boot(EXACT_ONLY)
    const id = await h.open()
    writeFileSync(join(h.workspace, 'nums.txt'), Array.from({ length: 100 }, (_, i) => `row-${i + 1}`).join('\n'))
    const r = await h.send(id, `TERM=xterm-256color less ${join(h.workspace, 'nums.txt')}`)
    expect(r.viewport).toContain(SNAPSHOT)
    expect(r.viewport).toContain('\nrow-1\nrow-2\n')
    expect(r.viewport).not.toContain('row-41')
    // a read sends no input: it shows the scrollback and, since the scrollback does not hold
    // it, the screen less shows now
    const page = await h.root.terminals.read(h.agent, id, {})
    expect(page.text).not.toContain('row-1\n')
    expect(page.screen?.startsWith(SNAPSHOT)).toBe(true)
    expect(page.screen).toContain('\nrow-1\nrow-2\n')
    const q = await h.send(id, 'q', false)
    expect(q.viewport).not.toContain(SNAPSHOT)
    expect(q.viewport.endsWith('dsh> ')).toBe(true)
    // once less left the alternate screen a read is the scrollback alone
    expect((await h.root.terminals.read(h.agent, id, {})).screen).toBeUndefined()
  })

  it('top (TERM=xterm-256color) is a screen snapshot while it runs', async () => {
    requireTool('top', 'apt-get install procps')
    h = await boot(EXACT_ONLY)
    const id = await h.open()
    const r = await h.send(id, 'TERM=xterm-256color top -d 5')
    expect(r.viewport).toContain(SNAPSHOT)
    expect(r.viewport).toMatch(/\n +PID USER .*COMMAND\n/)
    // the cursor the marker names is on the screen (top leaves it past the last column)
    const [, row, col] = /cursor at row (\d+), column (\d+)\]/.exec(r.viewport)!
    expect(Number(row)).toBeLessThanOrEqual(40)
    expect(Number(col)).toBeLessThanOrEqual(160)
    const q = await h.send(id, 'q', false)
    expect(q.viewport).not.toContain(SNAPSHOT)
    expect(q.viewport.endsWith('dsh> ')).toBe(true)
  })
})

describe('delivery: output after a send settled belongs to the next one (real PTY)', () => {
  it('background job output arriving between sends opens the next viewport, exactly once', async () => {
    h = await boot(EXACT_ONLY)
    const id = await h.open()
    const fifo = join(h.workspace, 'go')
    await h.send(id, `mkfifo ${fifo}; (read -r _ < ${fifo}; sleep 0.3; echo LATE-$((40+2))) &`)
    const views: TerminalSendResult[] = []
    views.push(await h.send(id, `echo go > ${fifo}`))
    await untilRetained(id, 'LATE-42')
    views.push(await h.send(id, 'echo tok$((20+22))'))
    const all = views.map((v) => v.viewport).join('')
    expect(count(all, 'LATE-42')).toBe(1)
    expect(all.indexOf('LATE-42')).toBeLessThan(all.indexOf('tok42'))
    for (const v of views) expect(v.viewport).not.toBe('')
  })

  it('a node REPL answer that arrives after its send settled is shown by the next send', async () => {
    requireTool('node', 'apt-get install nodejs')
    h = await boot(EXACT_ONLY)
    const id = await h.open()
    const start = await h.send(id, 'node')
    expect(start.viewport).toContain('> ')
    const timer = await h.send(id, 'setTimeout(() => console.log("late-" + (40 + 2)), 300); 0')
    expect(timer.waitReason).toBe('stdin_read')
    await untilRetained(id, 'late-42')
    const next = await h.send(id, '6 * 7')
    const both = timer.viewport + next.viewport
    expect(count(both, 'late-42')).toBe(1)
    expect(next.viewport).toMatch(/\n42\n/)
    await h.send(id, '.exit')
  })

  it('a long delta keeps head and tail; the marker numbers page the omitted lines', async () => {
    h = await boot({ ...EXACT_ONLY, maxReadBytes: 65_536, scrollbackLines: 100_000 })
    const id = await h.open()
    const r = await h.send(id, 'seq 1 50000')
    expect(r.truncated).toBe(true)
    const o = r.omission!
    expect(r.viewport.startsWith('seq 1 50000\n1\n2\n3\n')).toBe(true)
    expect(r.viewport.endsWith('\n49999\n50000\ndsh> ')).toBe(true)
    const head = r.viewport.slice(0, o.at).split('\n')
    const lastHead = Number(head[head.length - 2])
    const firstTail = Number(r.viewport.slice(o.at).split('\n')[0])
    expect(o.lines).toBe(firstTail - lastHead - 1)
    expect(o.readCount).toBe(o.lines)
    const page = await h.root.terminals.read(h.agent, id, { offset: o.readOffset, count: o.readCount })
    expect(page.text.split('\n').at(-1)).toBe(String(firstTail - 1))
  })

  it('binary output writes nothing to the host stderr (the emulator logs nothing)', async () => {
    h = await boot(EXACT_ONLY)
    const id = await h.open()
    const writes: string[] = []
    const original = process.stderr.write.bind(process.stderr)
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
      writes.push(String(chunk))
      return (original as (...a: unknown[]) => boolean)(chunk, ...rest)
    })
    for (const level of ['log', 'warn', 'error', 'info', 'debug'] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => { writes.push(args.map(String).join(' ')) })
    }
    const r = await h.send(id, 'head -c 200000 /dev/urandom; echo; echo tok$((20+22))')
    expect(r.viewport).toContain('tok42')
    expect(writes.filter((w) => w.includes('xterm'))).toEqual([])
  })
})
