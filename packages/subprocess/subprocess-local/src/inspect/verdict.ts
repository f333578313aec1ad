// @dsh-pure
import type { StdinEvidence, StdinVerdict } from 'dsh-subprocess'

/** At most this many thread records are returned as evidence (waiting ones first). */
export const MAX_EVIDENCE = 64

/**
 * The group's verdict: 'waiting' when one live thread is proven to wait for terminal input,
 * 'not-waiting' when every thread was read and none waits, otherwise 'unknown'.
 */
export function groupVerdict(evidence: readonly StdinEvidence[]): StdinVerdict {
  if (evidence.length === 0) return 'unknown'
  if (evidence.some((e) => e.waitsOnStdin)) return 'waiting'
  return evidence.some((e) => (e.verdict ?? 'unknown') === 'unknown') ? 'unknown' : 'not-waiting'
}

const RANK: Record<StdinVerdict, number> = { waiting: 0, unknown: 1, 'not-waiting': 2 }

/** The evidence to report: bounded, most telling first, stable otherwise. */
export function boundedEvidence(evidence: readonly StdinEvidence[]): StdinEvidence[] {
  return evidence
    .map((e, i) => ({ e, i }))
    .sort((a, b) => RANK[a.e.verdict ?? 'unknown'] - RANK[b.e.verdict ?? 'unknown'] || a.i - b.i)
    .slice(0, MAX_EVIDENCE)
    .map(({ e }) => e)
}
