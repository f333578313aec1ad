import { REPO_ROOT } from './headless-process'

/** Fields whose numbers are process ids: they differ on every run. */
const PID_FIELDS = new Set(['pid', 'targetPgid'])
/** Fields whose numbers are wall-clock times (ms since the epoch): they differ on every run. */
const TIME_FIELDS = new Set(['startedAt', 'endedAt'])

/**
 * THE one place where headless snapshots are made deterministic. Only what differs between
 * runs or machines is replaced; everything else (texts, ids, wait reasons, statuses, schemas,
 * byte counts) is compared exactly:
 * - process ids: the `pid` and `targetPgid` fields, and `pid=<n>` / `process group <n>` in
 *   texts, become `<pid>`;
 * - timings: the `startedAt` and `endedAt` fields of job snapshots become `<time>`;
 * - paths: the repo root (where the host runs) becomes `<repo>/`.
 */
export function normalize(value: unknown): unknown {
  if (typeof value === 'string') return normalizeText(value)
  if (Array.isArray(value)) return value.map(normalize)
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {}
    for (const [key, field] of Object.entries(value)) {
      if (typeof field === 'number' && PID_FIELDS.has(key)) out[key] = '<pid>'
      else if (typeof field === 'number' && TIME_FIELDS.has(key)) out[key] = '<time>'
      else out[key] = normalize(field)
    }
    return out
  }
  return value
}

export function normalizeText(text: string): string {
  return text
    .split(REPO_ROOT).join('<repo>/')
    .replace(/\bpid=\d+/g, 'pid=<pid>')
    .replace(/\bprocess group \d+/g, 'process group <pid>')
}
