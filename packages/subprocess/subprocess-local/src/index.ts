import { SubprocessLocalService } from './service'

export { SubprocessLocalService }
export { Config } from './config'
export { LocalTerminal, EXIT_REPORT_WAIT_MS, MAX_EARLY_OUTPUT_BYTES } from './spawn/local-terminal'
export { platformInspector, type ProcessInspector, type ProcessRow, type TerminalRef, type ForegroundGroup } from './inspect'
export { LinuxInspector } from './inspect/linux'
export { PsInspector, type CommandRunner } from './inspect/darwin'
export { syscallTableFor, type SyscallTable } from './inspect/syscall-table'
export type { ProcFs } from './proc/proc-fs'
export { tearDown, TEARDOWN_POLL_MS, KILL_VERIFY_MS, type TeardownDeps } from './teardown/tear-down'
export default SubprocessLocalService
