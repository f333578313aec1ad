// Fails when any dsh-* (or @deepseek-ai/dsh-*) package in pnpm-lock.yaml resolves from a
// registry instead of the workspace: every internal dependency must be `workspace:*`.
import { readFileSync } from 'node:fs'

const lock = readFileSync(new URL('../pnpm-lock.yaml', import.meta.url), 'utf8')
const bad = []
for (const [i, line] of lock.split('\n').entries()) {
  // package keys such as `  dsh-agent@1.0.0:` or `  '@deepseek-ai/dsh-terminal@0.1.0':`
  if (/^ {2}'?(@deepseek-ai\/)?dsh-[a-z0-9-]+@\d/.test(line)) bad.push(`${i + 1}: ${line.trim()}`)
  // importer specifiers that are not workspace links
  if (/^ {6}'?(@deepseek-ai\/)?dsh-[a-z0-9-]+'?:$/.test(line)) {
    const spec = lock.split('\n')[i + 1] ?? ''
    if (!/specifier: workspace:/.test(spec)) bad.push(`${i + 2}: ${line.trim()} ${spec.trim()}`)
  }
}
if (bad.length > 0) {
  console.error('pnpm-lock.yaml resolves dsh-* packages from a registry; make them workspace:* dependencies:')
  for (const b of bad) console.error(`  line ${b}`)
  process.exit(1)
}
console.log('lockfile: every dsh-* package is a workspace link')
