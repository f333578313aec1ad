// @dsh-pure
import { type CgroupFs, errorCode, removeCgroupDir } from './cgroup-fs'
import { parseEvents, parseProcs } from './parse-files'

/** What a session cgroup needs beside the files: signals and a timer. */
export interface SessionCgroupDeps {
  readonly fs: CgroupFs
  /** SIGKILL one pid; false when it is gone. */
  readonly kill: (pid: number) => boolean
  readonly sleep: (ms: number) => Promise<void>
}

/**
 * One session's cgroup: the unified (v2) directory that holds every process of the session
 * whatever its session id or parent, plus the v1 `pids`/`memory` directories of a hybrid
 * layout. Teardown reads the member list from here instead of scanning /proc.
 */
export class SessionCgroup {
  constructor(
    private readonly deps: SessionCgroupDeps,
    /** The unified directory (membership, cgroup.kill). */
    readonly dir: string,
    /** v1 directories of a hybrid layout (limits only). */
    readonly v1Dirs: readonly string[],
    /** False on kernels before 5.14: members are then SIGKILLed one by one. */
    private readonly hasKill: boolean,
  ) {}

  /** The cgroup.procs files the join program writes its pid into (unified first). */
  get procsFiles(): string[] {
    return [this.dir, ...this.v1Dirs].map((d) => `${d}/cgroup.procs`)
  }

  /** Pids in the session now (zombies are not listed). */
  async members(): Promise<number[]> {
    return parseProcs((await this.deps.fs.read(`${this.dir}/cgroup.procs`)) ?? '')
  }

  async populated(): Promise<boolean> {
    const events = await this.deps.fs.read(`${this.dir}/cgroup.events`)
    return events === undefined ? (await this.members()).length > 0 : parseEvents(events).populated
  }

  /** SIGKILL every member at once (cgroup.kill), including processes forked meanwhile. */
  async kill(): Promise<void> {
    if (this.hasKill) {
      try {
        await this.deps.fs.write(`${this.dir}/cgroup.kill`, '1')
        return
      } catch (error) {
        if (errorCode(error) === 'ENOENT') return
      }
    }
    for (const pid of await this.members()) this.deps.kill(pid)
  }

  /** The host is exiting and nothing asynchronous runs any more: kill synchronously. */
  killSync(): void {
    try {
      if (this.hasKill) {
        this.deps.fs.writeSync(`${this.dir}/cgroup.kill`, '1')
        return
      }
    } catch {
      // fall back to the member list
    }
    for (const pid of parseProcs(this.deps.fs.readSync(`${this.dir}/cgroup.procs`) ?? '')) this.deps.kill(pid)
  }

  /**
   * Remove the directories once the session is empty (rmdir retries briefly while the
   * kernel still counts an exiting process). True when nothing of it is left.
   */
  async remove(): Promise<boolean> {
    let clean = true
    for (const dir of [this.dir, ...this.v1Dirs]) clean = (await removeCgroupDir(this.deps.fs, dir, this.deps.sleep)) && clean
    return clean
  }

  /** Best-effort synchronous removal (host exit); what stays is reaped at the next start. */
  removeSync(): void {
    for (const dir of [this.dir, ...this.v1Dirs]) {
      try {
        this.deps.fs.rmdirSync(dir)
      } catch {
        // still populated: the next start reaps it
      }
    }
  }
}
