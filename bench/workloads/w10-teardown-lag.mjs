// W10 teardown lag: with 2,000 other processes on the machine, close 3 sessions at once
// (each with a small tree, one member ignoring SIGTERM and SIGHUP so the close runs its
// whole grace) while a protocol request (`terminal_list`) is issued back to back every
// REQUEST_GAP_MS. Samples: each request's latency while the closes run. Extra: the host's
// event-loop lag during the closes (in-process contenders only: monitorEventLoopDelay),
// close times, survivors right after (recorded tree members with the same pid and start
// time, not a zombie, plus the setsid sleep that left the tree, found by its command line).
import { readdirSync, readFileSync } from 'node:fs'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { startCrowd } from '../harness/crowd.mjs'
import { descendants, readStat, survivors } from '../harness/procfs.mjs'
import { stopwatch } from '../harness/stats.mjs'

export const id = 'W10'
export const title = 'event-loop lag and a request while 3 sessions close, 2,000 other processes'
const TRIALS = { full: 5, quick: 1 }
const CROWD = 2_000
const SESSIONS = 3
/** Pause between two requests (each waits for the previous answer). */
const REQUEST_GAP_MS = 5
/** Lag sampling period (monitorEventLoopDelay resolution). */
const LAG_RESOLUTION_MS = 1
/** Sleeps each session starts; the setsid one leaves the tree, so TREE_SLEEPS - 1 stay descendants. */
const TREE_SLEEPS = 4
const TREE_WAIT_MS = 15_000
const TREE_POLL_MS = 10

/** The tree; `marker` tags the setsid sleep, which leaves the tree (found by command line). */
const buildTree = (marker) => `sleep 1000 & sleep 1000 & setsid sleep ${marker} & (trap '' TERM HUP; exec sleep 1000) & echo la$((2+3))g`

/** Live processes whose command line is exactly `sleep <marker>`. */
function escaped(marker) {
  const found = []
  for (const name of readdirSync('/proc')) {
    if (name.charCodeAt(0) < 48 || name.charCodeAt(0) > 57) continue
    try {
      if (readFileSync(`/proc/${name}/cmdline`, 'utf8') === `sleep\0${marker}\0` && readStat(Number(name))?.state !== 'Z') found.push(Number(name))
    } catch {
      // exited while scanning
    }
  }
  return found
}

async function openWithTree(contender, marker) {
  const session = await contender.open()
  const r = await session.send(buildTree(marker))
  const elapsed = stopwatch()
  for (;;) {
    if (descendants(session.pid).filter((p) => p.comm === 'sleep').length >= TREE_SLEEPS - 1) break
    if (elapsed() > TREE_WAIT_MS) throw new Error(`session ${session.sessionId}: tree did not appear`)
    await new Promise((resolve) => setTimeout(resolve, TREE_POLL_MS))
  }
  return { session, marker, tree: descendants(session.pid), ok: /(^|\n)la5g\r?\n/.test(r.output) }
}

export async function run(contender, { quick }) {
  const crowd = await startCrowd(CROWD)
  const samples = []
  const closeMs = []
  // one monitor per trial: a monitor enabled again would count the whole disabled stretch
  // in between (the harness's own /proc scans) as one delay. Reported: the worst trial's p99
  // and max (no pooling across trials, so never better than a pooled figure)
  const lagP99 = []
  const lagMax = []
  let survivorCount = 0
  let missing = 0
  try {
    for (let t = 0; t < TRIALS[quick ? 'quick' : 'full']; t++) {
      const opened = []
      for (let s = 0; s < SESSIONS; s++) opened.push(await openWithTree(contender, `1001.${process.pid}${t}${s}`))
      missing += opened.filter((o) => !o.ok).length
      const lag = monitorEventLoopDelay({ resolution: LAG_RESOLUTION_MS })
      lag.enable()
      let closing = true
      const closes = Promise.all(opened.map(async ({ session }) => {
        const elapsed = stopwatch()
        await session.close()
        closeMs.push(elapsed())
      })).finally(() => { closing = false })
      while (closing) {
        const elapsed = stopwatch()
        const r = await contender.request('terminal_list', {})
        if (!r.ok) throw new Error(`terminal_list failed during the closes: ${r.code}: ${r.content}`)
        if (closing) samples.push(elapsed())
        await new Promise((resolve) => setTimeout(resolve, REQUEST_GAP_MS))
      }
      await closes
      lag.disable()
      lagP99.push(lag.percentile(99))
      lagMax.push(lag.max)
      for (const { tree, marker } of opened) {
        survivorCount += survivors(tree).length
        const left = escaped(marker)
        survivorCount += left.length
        for (const pid of left) process.kill(pid, 'SIGKILL') // do not leave it to the next workload
      }
    }
  } finally {
    await crowd.stop()
  }
  const ms = (ns) => Math.round(ns / 1e4) / 100
  const inProcess = contender.hostPid() === process.pid
  return {
    samples,
    wrong: survivorCount,
    missing,
    extra: {
      otherProcesses: crowd.size,
      sessions: SESSIONS,
      closeMaxMs: Math.max(...closeMs),
      survivors: survivorCount,
      ...(inProcess ? { lagP99Ms: ms(Math.max(...lagP99)), lagMaxMs: ms(Math.max(...lagMax)) } : {}),
    },
  }
}
