// @dsh-pure
import type { ContainmentReport } from './cgroup/containment'

export interface NoticeLine {
  readonly level: 'info' | 'warn'
  readonly text: string
}

/**
 * What the service says once at start about its containment: where session cgroups live
 * and which limits hold, or (a warning) that there are none and what that costs; each
 * configured limit it cannot enforce; the stale sessions of dead hosts it reaped.
 */
export function startNotice(report: ContainmentReport): NoticeLine[] {
  const lines: NoticeLine[] = []
  if (report.kind === 'none') {
    lines.push({ level: 'warn', text: `${report.detail}. Teardown finds each session's processes through the process table; a process that left its session (setsid) and was reparented before a close outlives it.` })
  } else {
    const limits = [
      report.maxProcesses === undefined ? undefined : `${report.maxProcesses} processes`,
      report.maxMemoryBytes === undefined ? undefined : `${report.maxMemoryBytes} bytes of memory`,
    ].filter((l) => l !== undefined)
    lines.push({ level: 'info', text: `${report.kind}: ${report.detail}${limits.length > 0 ? `; per session at most ${limits.join(' and ')}` : ''}` })
  }
  for (const text of report.unenforced) lines.push({ level: 'warn', text })
  const reaped = report.reaped
  if (reaped && reaped.hosts.length > 0) {
    lines.push({ level: 'info', text: `reaped the session cgroups of ${reaped.hosts.length} host(s) that died without closing them (${reaped.killed} process(es) killed)` })
  }
  if (reaped && reaped.left.length > 0) lines.push({ level: 'warn', text: `stale session cgroups could not be removed (retried at the next start): ${reaped.left.join(', ')}` })
  return lines
}
