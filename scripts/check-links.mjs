// Link check: every relative link in the project's Markdown files must resolve to a file or
// folder inside the repository (a link to ../shared or another checkout breaks for anyone
// who clones the project alone). External links (http:, https:, mailto:) and in-page
// anchors are not followed.
import { existsSync, readdirSync, statSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'

const root = resolve(process.argv[2] ?? new URL('..', import.meta.url).pathname)
const SKIP = new Set(['node_modules', 'lib', '.git', 'results'])

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue
    const path = join(dir, name)
    if (statSync(path).isDirectory()) yield* walk(path)
    else if (name.endsWith('.md') && !name.startsWith('CHANGELOG')) yield path
  }
}

const problems = []
let links = 0
for (const file of walk(root)) {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '')
  for (const m of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const target = m[1]
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) continue
    links++
    const path = resolve(dirname(file), decodeURI(target.split('#')[0]))
    const rel = relative(root, file)
    if (path !== root && !path.startsWith(root + sep)) problems.push(`${rel}: ${target} points outside the repository`)
    else if (!existsSync(path)) problems.push(`${rel}: ${target} does not exist`)
  }
}
if (problems.length > 0) {
  console.error('broken Markdown links (link to a file inside the repository, or to an https: URL):')
  for (const p of problems) console.error(`  ${p}`)
  process.exit(1)
}
console.log(`links: ${links} relative link(s) resolve inside the repository`)
