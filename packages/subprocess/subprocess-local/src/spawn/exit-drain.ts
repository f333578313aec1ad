import { closeSync, constants, fstatSync, openSync } from 'node:fs'
import { setTimeout as delay } from 'node:timers/promises'
import type { ProcessInspector } from '../inspect/types'
import { onChildExit } from './child-exit'

/**
 * How long to look for the child's pty slave. The child takes its controlling terminal right
 * after fork, before exec, so it is normally found on the first read.
 */
export const SLAVE_DISCOVERY_MS = 100
/**
 * Output silence that shows the pty is drained once the top-level process has exited: by
 * then everything it wrote sits in the pty buffer, and each event-loop turn reads it.
 */
export const DRAIN_QUIET_MS = 5
/** Upper bound on that drain (a background process may keep writing to the pty). */
export const DRAIN_MAX_MS = 500
/**
 * After a SIGCHLD whose check still saw the process (where the exit check cannot tell a
 * zombie from a live process, node-pty may not have reaped it yet), look again this much
 * later, at most RECHECKS times. Each check is one cheap call that starts no process.
 */
export const RECHECK_MS = 20
export const RECHECKS = 3

/**
 * Keeps every byte of a fast-exiting program. When the last slave fd closes, the pty master
 * reports a hang-up, and libuv treats "hang-up after a short read" as end of stream although
 * a pty returns at most ~4 KiB per read: node-pty then drops what is still buffered. Holding
 * one slave fd in this process prevents the hang-up until the top-level process has exited
 * (SIGCHLD) and its output was read; then the fd is closed and node-pty ends normally.
 * The fd is opened read-write: the output barrier writes its sentinel through it.
 *
 * Checks run one at a time: SIGCHLDs that arrive during a check make one more check after it.
 */
export class ExitDrain {
  private fd: number | undefined
  /** True when the held fd is writable and was checked to be the child's own terminal device. */
  private verified = false
  private stopWatching: (() => void) | undefined
  private chunks = 0
  private draining = false
  private checking = false
  private again = false
  private rechecksLeft = 0
  private recheck: NodeJS.Timeout | undefined

  /**
   * @param hasExited the inspector's exit check: it must start no process, since it runs on
   *   every SIGCHLD and a helper's exit would raise the next one
   * @param onExitSeen called once the top-level process is known to have exited, before the drain
   */
  constructor(private readonly hasExited: () => Promise<boolean>, private readonly onExitSeen: () => void = () => {}) {}

  /** Open the slave of `pid`'s terminal and watch for its exit. Best effort: no slave, no hold. */
  async hold(inspector: ProcessInspector, pid: number): Promise<void> {
    const deadline = performance.now() + SLAVE_DISCOVERY_MS
    let slave = await inspector.terminalPath(pid)
    while (!slave && performance.now() < deadline && !(await this.hasExited())) {
      await new Promise((resolve) => setImmediate(resolve))
      slave = await inspector.terminalPath(pid)
    }
    if (!slave) return
    let writable = true
    const open = (mode: number) => openSync(slave.path, mode | constants.O_NOCTTY | constants.O_NONBLOCK)
    try {
      let fd: number
      try {
        fd = open(constants.O_RDWR)
      } catch {
        writable = false // holding it read-only still keeps the output; only the barrier is lost
        fd = open(constants.O_RDONLY)
      }
      if (slave.device !== undefined && Number(fstatSync(fd).rdev) !== slave.device) closeSync(fd)
      else {
        this.fd = fd
        this.verified = writable && slave.device !== undefined
      }
    } catch {
      return
    }
    if (this.fd === undefined) return
    this.stopWatching = onChildExit(() => {
      this.rechecksLeft = RECHECKS
      this.schedule()
    })
    this.schedule()
  }

  /**
   * The held slave fd (non-blocking, read-write) while it is held and was verified to be the
   * child's own terminal (by device number: Linux); undefined otherwise.
   */
  get writableFd(): number | undefined {
    return this.verified ? this.fd : undefined
  }

  /** True while a slave fd is held (the drain will see the exit and release the pty). */
  get holding(): boolean {
    return this.fd !== undefined
  }

  /** Count output chunks (the drain waits until they stop). */
  noteData(): void {
    this.chunks++
  }

  /** Stop holding the slave (idempotent). */
  release(): void {
    this.stopWatching?.()
    this.stopWatching = undefined
    clearTimeout(this.recheck)
    if (this.fd !== undefined) closeSync(this.fd)
    this.fd = undefined
  }

  /** Run a check now, or once more after the one in flight. */
  private schedule(): void {
    if (this.checking) {
      this.again = true
      return
    }
    this.checking = true
    void this.check().finally(() => {
      this.checking = false
      if (this.again) {
        this.again = false
        this.schedule()
      }
    })
  }

  private async check(): Promise<void> {
    if (this.draining || this.fd === undefined) return
    if (!(await this.hasExited().catch(() => false))) {
      if (this.rechecksLeft > 0 && this.fd !== undefined) {
        this.rechecksLeft--
        clearTimeout(this.recheck)
        this.recheck = setTimeout(() => this.schedule(), RECHECK_MS)
      }
      return
    }
    if (this.draining) return
    this.draining = true
    this.onExitSeen()
    const deadline = performance.now() + DRAIN_MAX_MS
    for (;;) {
      const seen = this.chunks
      await delay(DRAIN_QUIET_MS)
      // The timer fires in the timers phase, before this turn's poll phase reads what the
      // pty holds: after a stall (a loaded host deschedules us) the output is still unread.
      // One check-phase turn lets a poll phase run first, so "quiet" means it read nothing.
      await new Promise((resolve) => setImmediate(resolve))
      if (seen === this.chunks || performance.now() > deadline) break
    }
    this.release()
  }
}
