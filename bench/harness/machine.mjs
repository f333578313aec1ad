// Machine facts recorded beside every run: the numbers mean nothing without them.
import { readFileSync } from 'node:fs'
import os from 'node:os'

function cpuModel() {
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8').split('\n').find((l) => l.startsWith('model name'))
    return line ? line.split(':')[1].trim() : os.cpus()[0]?.model
  } catch {
    return os.cpus()[0]?.model
  }
}

/** A snapshot of the machine: cores, kernel, node, memory and the load right now. */
export function machineFacts() {
  return {
    nproc: os.availableParallelism(),
    cpu: cpuModel(),
    kernel: `${os.type()} ${os.release()}`,
    arch: os.arch(),
    node: process.version,
    memTotalMb: Math.round(os.totalmem() / 2 ** 20),
    loadavg: os.loadavg().map((l) => Number(l.toFixed(2))),
  }
}
