// The performance targets, each evaluated from one run's results against the
// floor measured in the same run. A target whose inputs are missing reads "not measured".

const med = (r) => r?.stats?.median
const p95 = (r) => r?.stats?.p95
const max = (r) => r?.stats?.max
const ratio = (a, b) => (a === undefined || b === undefined ? '?' : (a / b).toFixed(1))

/**
 * Each target: which contenders it applies to, what it measures, its limit, and a check.
 * `get(results, contender, limits)` returns { measured, floor?, limit, met } or undefined.
 */
const TARGETS = [
  {
    id: 'W1 median <= floor + 2 ms',
    scope: ['ours'],
    get: (R, c) => ({ measured: med(R.W1?.[c]), floor: med(R.W1?.floor), limit: med(R.W1?.floor) + 2 }),
  },
  {
    id: 'W1 median <= headless + 1 ms',
    scope: ['mcp'],
    get: (R, c) => ({ measured: med(R.W1?.[c]), floor: med(R.W1?.floor), limit: med(R.W1?.headless) + 1 }),
  },
  {
    id: 'W3 python median <= headless + 2 ms',
    scope: ['mcp'],
    get: (R, c) => ({ measured: med(R['W3-python']?.[c]), floor: med(R['W3-python']?.floor), limit: med(R['W3-python']?.headless) + 2 }),
  },
  ...['python', 'node', 'gdb'].map((repl) => ({
    id: `W3 ${repl} stdin_read share = 100%`,
    scope: ['ours', 'headless', 'mcp'],
    unit: '%',
    get: (R, c) => {
      const r = R[`W3-${repl}`]?.[c]
      const share = r?.extra?.stdinReadShare
      return { measured: share === undefined ? undefined : share * 100, limit: 100, atLeast: true }
    },
  })),
  {
    id: 'W3 python median <= 40 ms (required)',
    scope: ['ours', 'headless'],
    get: (R, c) => ({ measured: med(R['W3-python']?.[c]), floor: med(R['W3-python']?.floor), limit: 40 }),
  },
  {
    id: 'W3 python median <= 10 ms (aim)',
    scope: ['ours', 'headless'],
    get: (R, c) => ({ measured: med(R['W3-python']?.[c]), floor: med(R['W3-python']?.floor), limit: 10 }),
  },
  {
    id: 'W4 throughput >= 0.7x floor',
    scope: ['ours', 'headless'],
    unit: 'x',
    get: (R, c) => {
      const f = med(R.W4?.floor)
      const o = med(R.W4?.[c])
      return { measured: f !== undefined && o !== undefined ? f / o : undefined, limit: 0.7, atLeast: true }
    },
  },
  {
    id: 'W4 host RSS growth <= 64 MB',
    scope: ['ours', 'headless'],
    unit: ' MB',
    get: (R, c) => ({ measured: R.W4?.[c]?.extra?.rssGrowthMb, floor: R.W4?.floor?.extra?.rssGrowthMb, limit: 64 }),
  },
  {
    id: 'W4 result bytes <= maxResultBytes',
    scope: ['ours', 'headless'],
    unit: ' B',
    get: (R, c, L) => ({ measured: R.W4?.[c]?.extra?.maxResultBytes, limit: L.maxResultBytes }),
  },
  ...['colour', 'query'].map((variant) => ({
    id: `W11 ${variant} flood host RSS growth <= 64 MB`,
    scope: ['ours', 'headless'],
    unit: ' MB',
    get: (R, c) => ({ measured: R[`W11-${variant}`]?.[c]?.extra?.rssGrowthMb, floor: R[`W11-${variant}`]?.floor?.extra?.rssGrowthMb, limit: 64 }),
  })),
  {
    id: 'W5 p95 <= 3x single-session (W1) p95',
    scope: ['ours', 'headless'],
    get: (R, c) => ({
      measured: p95(R.W5?.[c]),
      floor: p95(R.W5?.floor),
      limit: 3 * p95(R.W1?.[c]),
      note: `ratio ${ratio(p95(R.W5?.[c]), p95(R.W1?.[c]))}x; the floor's own W5/W1 p95 ratio is ${ratio(p95(R.W5?.floor), p95(R.W1?.floor))}x`,
    }),
  },
  {
    id: 'W5 cross-talk = 0',
    scope: ['ours', 'headless'],
    unit: '',
    get: (R, c) => ({ measured: R.W5?.[c]?.extra?.crossTalk, limit: 0 }),
  },
  {
    id: 'W7 max close <= disposeGraceMs + 250 ms',
    scope: ['ours', 'headless'],
    get: (R, c, L) => ({ measured: max(R.W7?.[c]), floor: max(R.W7?.floor), limit: L.disposeGraceMs + 250 }),
  },
  {
    id: 'W7 survivors = 0',
    scope: ['ours', 'headless'],
    unit: '',
    get: (R, c) => {
      const a = R.W7?.[c]?.extra?.survivors
      const b = R['W7-idle']?.[c]?.extra?.survivors
      return { measured: a === undefined && b === undefined ? undefined : (a ?? 0) + (b ?? 0), limit: 0 }
    },
  },
  {
    id: 'W7 idle close median <= 150 ms',
    scope: ['ours', 'headless'],
    get: (R, c) => ({ measured: med(R['W7-idle']?.[c]), floor: med(R['W7-idle']?.floor), limit: 150 }),
  },
  {
    id: 'W10 event-loop lag p99 during closes <= 10 ms',
    scope: ['ours'],
    get: (R, c) => ({ measured: R.W10?.[c]?.extra?.lagP99Ms, limit: 10 }),
  },
  {
    id: 'W10 request while 3 sessions close <= 20 ms (max)',
    scope: ['ours', 'headless'],
    get: (R, c) => ({ measured: max(R.W10?.[c]), limit: 20 }),
  },
  {
    id: 'W10 survivors = 0',
    scope: ['ours', 'headless'],
    unit: '',
    get: (R, c) => ({ measured: R.W10?.[c]?.extra?.survivors, limit: 0 }),
  },
  {
    id: 'W8 probe median <= 0.5 ms',
    scope: ['ours'],
    get: (R, c) => ({ measured: med(R.W8?.[c]), floor: med(R.W8?.floor), limit: 0.5 }),
  },
]

/** Evaluate every target for every contender in its scope that ran. */
export function evaluateTargets(results, contenders, limits) {
  const out = []
  for (const t of TARGETS) {
    for (const c of t.scope.filter((s) => contenders.includes(s))) {
      const g = t.get(results, c, limits)
      const ok = g.measured !== undefined && !Number.isNaN(g.measured) && !Number.isNaN(g.limit)
      const met = ok ? (g.atLeast ? g.measured >= g.limit : g.measured <= g.limit) : undefined
      out.push({ target: t.id, contender: c, unit: t.unit ?? ' ms', ...g, met })
    }
  }
  return out
}
