// @dsh-pure
/**
 * /proc/<pid>/task/<tid>/syscall: "nr arg1..arg6 sp pc" while blocked in a syscall,
 * "-1 sp pc" while blocked outside one, "running" while on a CPU.
 */
export type SyscallLine =
  | { readonly kind: 'running' }
  | { readonly kind: 'outside' }
  | { readonly kind: 'blocked'; readonly nr: number; readonly args: readonly bigint[] }

const HEX = /^0x[0-9a-f]+$/i

export function parseSyscallLine(text: string): SyscallLine | undefined {
  const words = text.trim().split(/\s+/)
  if (words[0] === 'running' && words.length === 1) return { kind: 'running' }
  if (words[0] === '-1') return words.slice(1).every((w) => HEX.test(w)) ? { kind: 'outside' } : undefined
  if (words.length !== 9 || !/^\d+$/.test(words[0]!)) return undefined
  const rest = words.slice(1)
  if (!rest.every((w) => HEX.test(w))) return undefined
  return { kind: 'blocked', nr: Number(words[0]), args: rest.slice(0, 6).map((w) => BigInt(w)) }
}

/** A syscall argument as the C `int` it was (fds, counts): the low 32 bits, signed. */
export function argInt(value: bigint): number {
  return Number(BigInt.asIntN(32, value))
}
