// `pnpm bench [--quick] [--only W1,W3-python] [--contenders floor,ours,headless,ours-ww,mcp]`
// Runs every workload against the raw node-pty floor and our stack (in-process through
// ctx.tools, and the headless host over JSON lines) in the same run, prints a table with
// ratios to the floor and the targets, and writes bench/results/latest.json.
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createFloor } from './contenders/floor.mjs'
import { createHeadless } from './contenders/headless.mjs'
import { createMcp } from './contenders/mcp.mjs'
import { createOurs } from './contenders/ours.mjs'
import { machineFacts } from './harness/machine.mjs'
import { stopwatch, summarize } from './harness/stats.mjs'
import { fmt, renderTable } from './harness/table.mjs'
import { evaluateTargets } from './harness/targets.mjs'
import * as w1 from './workloads/w1-echo.mjs'
import * as w2 from './workloads/w2-true.mjs'
import * as w3 from './workloads/w3-repl.mjs'
import * as w4 from './workloads/w4-flood.mjs'
import * as w5 from './workloads/w5-concurrency.mjs'
import * as w6 from './workloads/w6-slow.mjs'
import * as w7 from './workloads/w7-teardown.mjs'
import * as w8 from './workloads/w8-inspector.mjs'
import * as w9 from './workloads/w9-open.mjs'
import * as w10 from './workloads/w10-teardown-lag.mjs'
import * as w11 from './workloads/w11-escape-flood.mjs'

const here = dirname(fileURLToPath(import.meta.url))
const repoRoot = dirname(here)

const WORKLOADS = [
  { key: 'W1', title: w1.title, run: w1.run },
  { key: 'W2', title: w2.title, run: w2.run },
  ...w3.variants.map((v) => ({ key: `W3-${v}`, title: `${w3.title}: ${v}`, run: (c, o) => w3.runRepl(c, v, o) })),
  { key: 'W4', title: w4.title, run: w4.run },
  { key: 'W5', title: w5.title, run: w5.run },
  { key: 'W6', title: w6.title, run: w6.run },
  { key: 'W7', title: w7.title, run: w7.run },
  { key: 'W7-idle', title: 'close an idle shell', run: w7.runIdle },
  { key: 'W8', title: w8.title, run: w8.run, needs: 'probeTarget' },
  { key: 'W9', title: w9.title, run: w9.run },
  { key: 'W10', title: w10.title, run: w10.run, needs: 'request' },
  ...w11.variants.map((v) => ({ key: `W11-${v}`, title: `${w11.title}: ${v}`, run: (c, o) => w11.runFlood(c, v, o) })),
]

/** The workspace-write contender runs only this cheap subset: it shows the bwrap cost. */
const WW_SUBSET = new Set(['W1', 'W3-python', 'W7-idle', 'W9'])
/** The MCP contender runs the round-trip workloads: the protocol's cost over headless. */
const MCP_SUBSET = new Set(['W1', 'W2', 'W3-python', 'W3-node', 'W3-gdb', 'W7-idle', 'W9'])

function parseArgs(argv) {
  const opts = { quick: false, only: undefined, contenders: ['floor', 'ours', 'headless', 'ours-ww', 'mcp'] }
  for (const a of argv) {
    if (a === '--quick') opts.quick = true
    else if (a.startsWith('--only=')) opts.only = a.slice(7).split(',')
    else if (a.startsWith('--contenders=')) opts.contenders = a.slice(13).split(',')
    else if (a === '--help' || a === '-h') {
      console.log('usage: pnpm bench [--quick] [--only=W1,W3-python] [--contenders=floor,ours,headless,ours-ww,mcp]')
      process.exit(0)
    } else throw new Error(`unknown argument ${a}: see --help`)
  }
  return opts
}

async function makeContenders(names) {
  const made = []
  const failed = {}
  const factories = {
    floor: () => createFloor({ cwd: repoRoot }),
    ours: () => createOurs({ name: 'ours', repoRoot, composition: `${here}/compositions/full-access.yml` }),
    'ours-ww': () =>
      createOurs({ name: 'ours-ww', repoRoot, composition: `${here}/compositions/workspace-write.yml`, subset: WW_SUBSET }),
    headless: () => createHeadless({ repoRoot, composition: `${here}/compositions/full-access.yml` }),
    mcp: () => createMcp({ repoRoot, composition: `${here}/compositions/full-access.yml`, subset: MCP_SUBSET }),
  }
  for (const n of names) {
    if (!factories[n]) throw new Error(`unknown contender ${n}: one of ${Object.keys(factories).join(', ')}`)
    try {
      made.push(await factories[n]())
    } catch (e) {
      failed[n] = String(e?.message ?? e)
      console.error(`[bench] contender ${n} unavailable: ${failed[n]}`)
    }
  }
  return { made, failed }
}

const round = (v) => Math.round(v * 1000) / 1000

function noteFor(key, r) {
  const x = r.extra ?? {}
  const parts = []
  if (x.stdinReadShare !== undefined) parts.push(`stdin_read ${fmt(x.stdinReadShare * 100)}%`)
  else if (x.reasons && Object.keys(x.reasons).some((k) => k !== 'stdin_read')) parts.push(JSON.stringify(x.reasons))
  if (x.bytesSeen !== undefined) parts.push(`seen ${fmt(x.bytesSeen / 1e6)} MB`)
  if (x.maxResultBytes !== undefined) parts.push(`result ${x.maxResultBytes} B`)
  if (x.rssGrowthMb !== undefined) parts.push(`RSS +${fmt(x.rssGrowthMb)} MB`)
  if (x.wallMs !== undefined) parts.push(`${x.sessions}x${x.sends} wall ${fmt(x.wallMs / 1000)} s, cross-talk ${x.crossTalk}`)
  if (x.lagP99Ms !== undefined) parts.push(`lag p99 ${fmt(x.lagP99Ms)} ms, max ${fmt(x.lagMaxMs)} ms`)
  if (x.otherProcesses !== undefined) parts.push(`${x.sessions} closes among ${x.otherProcesses} other processes, close max ${fmt(x.closeMaxMs)} ms`)
  if (x.survivors !== undefined) parts.push(`survivors ${x.survivors}`)
  if (key === 'W6' && x.earlyReturns !== undefined) parts.push(`early ${x.earlyReturns}`)
  return parts.join('; ')
}

async function main() {
  const opts = parseArgs(process.argv.slice(2))
  const total = stopwatch()
  const machine = machineFacts()
  console.log(`[bench] ${opts.quick ? 'quick' : 'full'} run on ${machine.nproc} cores, ${machine.kernel}, node ${machine.node}, load ${machine.loadavg.join(' ')}`)
  const { made, failed } = await makeContenders(opts.contenders)
  const results = {}
  const errors = {}
  const workloads = WORKLOADS.filter((w) => !opts.only || opts.only.some((o) => w.key === o || w.key.startsWith(`${o}-`)))
  for (const w of workloads) {
    for (const c of made) {
      if (c.subset && !c.subset.has(w.key)) continue
      if (w.needs && !c[w.needs]) continue
      const elapsed = stopwatch()
      try {
        const r = await w.run(c, { quick: opts.quick })
        results[w.key] ??= {}
        results[w.key][c.name] = { stats: summarize(r.samples), wrong: r.wrong, missing: r.missing, extra: r.extra, samples: r.samples.map(round) }
        console.error(`[bench] ${w.key} ${c.name}: median ${fmt(results[w.key][c.name].stats.median)} ms (${fmt(elapsed() / 1000)} s)`)
      } catch (e) {
        errors[`${w.key}/${c.name}`] = String(e?.stack ?? e)
        console.error(`[bench] ${w.key} ${c.name} FAILED: ${e?.message ?? e}`)
      }
    }
  }
  const limits = made.find((c) => c.limits)?.limits ?? { maxResultBytes: 262144, disposeGraceMs: 3000 }
  for (const c of made) await c.dispose()

  const rows = []
  for (const w of workloads) {
    for (const [name, r] of Object.entries(results[w.key] ?? {})) {
      const floor = results[w.key].floor?.stats.median
      const ratio = name === 'floor' || floor === undefined ? '' : `${fmt(r.stats.median / floor)}x`
      const s = r.stats
      rows.push([w.key, name, s.n, fmt(s.min), fmt(s.median), fmt(s.p95), fmt(s.max), r.wrong, r.missing, ratio, noteFor(w.key, r)])
    }
  }
  console.log('\nAll times in ms (W6: overshoot past 2000 ms). x floor = median / floor median.\n')
  console.log(renderTable(['workload', 'contender', 'n', 'min', 'median', 'p95', 'max', 'wrong', 'missing', 'x floor', 'notes'], rows, new Set([0, 1, 10])))

  // A partial run (--only) lists only the targets it measured.
  const targets = evaluateTargets(results, made.map((c) => c.name), limits).filter((t) => !opts.only || t.met !== undefined)
  const trows = targets.map((t) => [t.target, t.contender, fmt(t.measured, t.unit), fmt(t.floor, t.unit), fmt(t.limit, t.unit), t.met === undefined ? 'not measured' : t.met ? 'met' : 'MISSED'])
  console.log('\nTargets\n')
  if (trows.length === 0) console.log('(no contender of ours ran: nothing to compare)')
  else console.log(renderTable(['target', 'contender', 'measured', 'floor', 'limit', 'status'], trows, new Set([0, 1, 5])))
  for (const t of targets.filter((x) => x.note)) console.log(`note: ${t.target} (${t.contender}): ${t.note}`)
  for (const [k, v] of Object.entries({ ...failed, ...errors })) console.log(`\nerror ${k}: ${v.split('\n')[0]}`)

  const out = {
    mode: opts.quick ? 'quick' : 'full',
    startedAt: new Date(Date.now() - total()).toISOString(),
    durationMs: Math.round(total()),
    machine,
    loadavgAtEnd: machineFacts().loadavg,
    limits,
    contenders: made.map((c) => ({ name: c.name, description: c.description })),
    unavailable: failed,
    errors,
    results,
    targets,
  }
  mkdirSync(`${here}/results`, { recursive: true })
  writeFileSync(`${here}/results/latest.json`, `${JSON.stringify(out, null, 1)}\n`)
  console.log(`\n[bench] wrote bench/results/latest.json in ${fmt(total() / 1000)} s total`)
  process.exitCode = Object.keys(errors).length || Object.keys(failed).length ? 1 : 0
}

await main()
