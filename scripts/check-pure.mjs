// Pure-logic check. A source file whose first line is `// @dsh-pure` must stay free of
// Node: no `node:` (or bare builtin) imports, no `process`/`Buffer`/`require` use, and its
// relative imports must be pure files themselves. Pure logic is then testable with fakes.
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { dirname, join, relative, resolve } from 'node:path'

const root = resolve(new URL('..', import.meta.url).pathname)
const MARK = '// @dsh-pure'
const builtins = new Set(builtinModules)

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'lib') continue
    const path = join(dir, name)
    if (statSync(path).isDirectory()) yield* walk(path)
    else if (/\.ts$/.test(name) && !name.endsWith('.d.ts')) yield path
  }
}

const isPure = (file) => readFileSync(file, 'utf8').startsWith(MARK)
function resolveTs(from, spec) {
  const base = resolve(dirname(from), spec)
  for (const c of [base, `${base}.ts`, join(base, 'index.ts'), base.replace(/\.js$/, '.ts')]) {
    if (existsSync(c) && statSync(c).isFile()) return c
  }
  return undefined
}

const problems = []
let count = 0
for (const file of walk(join(root, 'packages'))) {
  if (!file.includes('/src/') || !isPure(file)) continue
  count++
  const text = readFileSync(file, 'utf8')
  const rel = relative(root, file)
  for (const m of text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) {
    const spec = m[1]
    if (spec.startsWith('node:') || builtins.has(spec)) problems.push(`${rel}: imports ${spec}`)
    else if (spec.startsWith('.')) {
      const target = resolveTs(file, spec)
      if (target && !isPure(target)) problems.push(`${rel}: imports non-pure ${relative(root, target)}`)
    }
  }
  // comments and string literals cannot use a global
  const code = text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g, "''")
    .replace(/\/\/.*$/gm, '')
  for (const g of ['process', 'Buffer', 'require', 'setTimeout', 'setInterval', 'Date.now']) {
    const re = g === 'Date.now' ? /\bDate\.now\(/ : new RegExp(`(?<![.\\w])${g}\\b(?!\\s*:)`)
    if (re.test(code)) problems.push(`${rel}: uses ${g} (inject it instead)`)
  }
}
if (problems.length > 0) {
  console.error('pure-logic files must not depend on Node or ambient clocks:')
  for (const p of problems) console.error(`  ${p}`)
  process.exit(1)
}
console.log(`pure check: ${count} pure file(s) clean`)
