// @dsh-pure
import { type ForegroundInspection, type StdinEvidence, SubprocessError } from 'dsh-subprocess'
import { isGone, isStopped } from '../proc/parse-stat'
import { PS_ARGS, type PsRow, parsePsOutput, parsePsTty, psArgsFor } from './parse-ps'
import { findShell, treeFrom } from './tree'
import type { ForegroundGroup, ProcessInspector, ProcessRow, TerminalDevice, TerminalRef } from './types'
import { groupVerdict } from './verdict'

/** Runs a command and returns its stdout (also on a non-zero exit); throws if it cannot run. */
export interface CommandRunner {
  run(file: string, args: readonly string[]): Promise<string>
  runSync(file: string, args: readonly string[]): string
  /**
   * True while a process with this pid exists (a zombie included), without starting a
   * helper process: `kill(pid, 0)`.
   */
  exists(pid: number): boolean
}

/**
 * The ps inspector (macOS, other BSDs): the foreground group from the `tpgid` column, the
 * process table with `lstart` start-time identities. ps cannot see what a process waits
 * for, so it never claims a stdin wait: the verdict is 'unknown' (or 'not-waiting' when
 * every member is stopped or a zombie, which ps does show).
 */
export class PsInspector implements ProcessInspector {
  constructor(private readonly runner: CommandRunner) {}

  async inspect(ref: TerminalRef): Promise<ForegroundInspection> {
    const rows = await this.scan()
    const group = this.resolve(ref, rows)
    const members = rows.filter((r) => r.pgid === group.pgid && !isGone(r.state))
    const evidence: StdinEvidence[] = members.map((r) => ({
      pid: r.pid, tid: r.pid, waitsOnStdin: false,
      ...(isStopped(r.state)
        ? { syscall: 'stopped', verdict: 'not-waiting' as const, detail: `state ${r.state}` }
        : { syscall: 'unknown', verdict: 'unknown' as const, detail: 'ps cannot see syscalls' }),
    }))
    return {
      pgid: group.pgid, isShell: group.isShell, shellPgid: group.shellPgid,
      members: members.map((m) => m.pid), stdin: groupVerdict(evidence), evidence,
    }
  }

  async foreground(ref: TerminalRef): Promise<ForegroundGroup> {
    return this.resolve(ref, await this.scan())
  }

  async scan(): Promise<PsRow[]> {
    return parsePsOutput(await this.runner.run('ps', PS_ARGS))
  }

  scanSync(): PsRow[] {
    return parsePsOutput(this.runner.runSync('ps', PS_ARGS))
  }

  async lookup(pids: readonly number[]): Promise<Map<number, ProcessRow>> {
    if (pids.length === 0) return new Map()
    const rows = parsePsOutput(await this.runner.run('ps', psArgsFor(pids)))
    return new Map(rows.map((r) => [r.pid, r]))
  }

  /**
   * Exit check for the exit drain, which runs on every SIGCHLD: it must not start ps, whose
   * own exit raises the next SIGCHLD (one idle terminal ran ps 118 times in 3 s that way,
   * two froze the event loop). A reaped pid is gone; node-pty reaps its child at once, and
   * the drain re-checks a little later in case it looked at the zombie first.
   */
  async hasExited(ref: { readonly pid: number }): Promise<boolean> {
    return !this.runner.exists(ref.pid)
  }

  async terminalPath(pid: number): Promise<TerminalDevice | undefined> {
    const path = parsePsTty(await this.runner.run('ps', ['-o', 'tty=', '-p', String(pid)]))
    return path ? { path } : undefined
  }

  private resolve(ref: TerminalRef, rows: readonly PsRow[]): ForegroundGroup {
    const tree = treeFrom(rows, ref.pid) as PsRow[]
    const top = tree[0]
    if (!top || top.start !== ref.start || isGone(top.state)) {
      throw new SubprocessError('FOREGROUND_UNKNOWN', `the terminal's top-level process ${ref.pid} has exited; nothing was signalled`)
    }
    if (top.tpgid <= 0) {
      throw new SubprocessError('FOREGROUND_UNKNOWN', `ps reports no foreground group for process ${ref.pid} (tpgid ${top.tpgid}); nothing was signalled`)
    }
    // ps joins argv with spaces, so compare word lists of the joined forms.
    const words = ref.argv.join(' ').split(' ')
    const args = new Map(tree.map((r) => [r.pid, r.args.split(' ')]))
    const match = ref.argv.length > 1 ? findShell(tree, (pid) => args.get(pid), words) : undefined
    const shellPgid = (match ? tree.find((r) => r.pid === match.pid)?.pgid : undefined) ?? top.pgid
    return { pgid: top.tpgid, isShell: top.tpgid === top.pgid || top.tpgid === shellPgid, shellPgid }
  }
}
