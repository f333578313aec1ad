import { execFile, execFileSync } from 'node:child_process'
import type { CommandRunner } from './darwin'

/** Largest ps output accepted (a process table of tens of thousands of lines). */
const MAX_OUTPUT_BYTES = 16 * 1024 * 1024

/** Exit status or signal of a command that ran; stdout is kept on a non-zero exit. */
interface ExecFailure { stdout?: string | Buffer; code?: unknown }

function stdoutOf(error: unknown): string {
  const failure = error as ExecFailure
  if (typeof failure.code !== 'number') throw error
  return String(failure.stdout ?? '')
}

/** CommandRunner over child_process; `ps -p` exits 1 when no pid matched, which is not an error. */
export const nodeRunner: CommandRunner = {
  run(file, args) {
    return new Promise((resolve, reject) => {
      execFile(file, [...args], { encoding: 'utf8', maxBuffer: MAX_OUTPUT_BYTES }, (error, stdout) => {
        if (!error) return resolve(stdout)
        try {
          resolve(stdoutOf(Object.assign(error, { stdout })))
        } catch (e) {
          reject(e)
        }
      })
    })
  },
  exists(pid) {
    try {
      process.kill(pid, 0)
      return true
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'EPERM'
    }
  },
  runSync(file, args) {
    try {
      return execFileSync(file, [...args], { encoding: 'utf8', maxBuffer: MAX_OUTPUT_BYTES, stdio: ['ignore', 'pipe', 'ignore'] })
    } catch (error) {
      return stdoutOf(error)
    }
  },
}
