// The floor: raw node-pty + bash with a marker prompt. A send is ready the instant the
// expected prompt (shell marker+prompt, or the REPL prompt after the output) arrives.
// Nothing here decides readiness in general: the workload says which prompt it expects,
// so this is the physical limit of the PTY round trip, not a competing design.
import { readFileSync, readdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { descendants, readStat, survivors } from '../harness/procfs.mjs'
import { PROMPT_TAIL, SHELL_ENV } from '../harness/prompts.mjs'
import { stopwatch } from '../harness/stats.mjs'

// node-pty is a dependency of dsh-subprocess-local: load that exact copy (no root dependency).
const require = createRequire(new URL('../../packages/subprocess/subprocess-local/package.json', import.meta.url))
const pty = require('node-pty')

/** Output kept per send for checks; beyond it only the byte count and the tail are kept. */
const KEEP_CHARS = 1 << 20
/** Tail kept to match the prompt across chunk boundaries. */
const TAIL_CHARS = 256
/** Poll period while waiting for killed processes to disappear from /proc. */
const GONE_POLL_MS = 1

class FloorSession {
  constructor(cwd) {
    this.proc = pty.spawn('/bin/bash', ['--noprofile', '--norc', '-i'], {
      name: 'dumb',
      cols: 160,
      rows: 40,
      cwd,
      env: { ...process.env, ...SHELL_ENV },
    })
    this.pid = this.proc.pid
    this.waiter = undefined
    this.exited = new Promise((resolve) => this.proc.onExit(resolve))
    this.proc.onData((chunk) => this.waiter?.(chunk))
  }

  /** Wait for `prompt` in the output that arrives from now on; `write` is called after arming. */
  expect(prompt, write, timeoutMs) {
    const tailRe = PROMPT_TAIL[prompt]
    return new Promise((resolve) => {
      let output = ''
      let tail = ''
      let bytes = 0
      const elapsed = stopwatch()
      const finish = (reason) => {
        clearTimeout(timer)
        this.waiter = undefined
        resolve({ ms: elapsed(), output, tail, bytes, reason })
      }
      const timer = setTimeout(() => finish('timeout'), timeoutMs)
      this.waiter = (chunk) => {
        bytes += Buffer.byteLength(chunk)
        if (output.length < KEEP_CHARS) output += chunk.slice(0, KEEP_CHARS - output.length)
        tail = (tail + chunk).slice(-TAIL_CHARS)
        if (tailRe.test(tail)) finish('stdin_read')
      }
      write()
    })
  }

  ready(timeoutMs = 20_000) {
    return this.expect('shell', () => {}, timeoutMs)
  }

  send(text, { prompt = 'shell', timeoutMs = 30_000 } = {}) {
    return this.expect(prompt, () => this.proc.write(`${text}\r`), timeoutMs)
  }

  /** The minimal foreground probe: tpgid from the shell, then the leader's syscalls and io. */
  probe() {
    const tpgid = readStat(this.pid).tpgid
    const tasks = readdirSync(`/proc/${tpgid}/task`)
    const calls = tasks.map((t) => readFileSync(`/proc/${tpgid}/task/${t}/syscall`, 'utf8'))
    const io = readFileSync(`/proc/${tpgid}/io`, 'utf8')
    const waiting = tpgid !== this.pid && /^(0 0x0|270 0x1|7 |23 0x1) /.test(calls[0])
    return { stdin: waiting ? 'waiting' : 'not-waiting', pgid: tpgid, evidence: calls[0].trim(), io }
  }

  /** SIGKILL the shell and every descendant, then wait until none is left. */
  async close() {
    const tree = descendants(this.pid)
    const self = readStat(this.pid)
    for (const p of tree) {
      try {
        process.kill(p.pid, 'SIGKILL')
      } catch {}
    }
    try {
      process.kill(this.pid, 'SIGKILL')
    } catch {}
    await this.exited
    const recorded = self ? [...tree, self] : tree
    while (survivors(recorded).length > 0) await new Promise((r) => setTimeout(r, GONE_POLL_MS))
  }
}

/** The floor contender. */
export function createFloor({ cwd }) {
  return {
    name: 'floor',
    hostPid: () => process.pid,
    async open() {
      const session = new FloorSession(cwd)
      const r = await session.ready()
      if (r.reason !== 'stdin_read') throw new Error('floor: bash did not show its marker prompt')
      return session
    },
    /** W8: a python REPL in a shell, probed by raw /proc reads. */
    async probeTarget() {
      const session = await this.open()
      const r = await session.send('python3 -q', { prompt: 'python' })
      if (r.reason !== 'stdin_read') throw new Error('floor: python3 REPL did not start')
      return { probe: async () => session.probe(), close: () => session.close() }
    },
    async dispose() {},
  }
}
