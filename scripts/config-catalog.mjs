// Generates docs/config-catalog.md from each plugin's exported zod `Config` (built lib/ of
// every package: run `pnpm build` first). `--check` compares instead of writing and exits 1
// when the file is stale. Machine-specific defaults (the current directory) are written as
// `<cwd>` so the file is the same on every machine.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { firstDifference, renderCatalog } from './catalog-render.mjs'

const root = resolve(new URL('..', import.meta.url).pathname)
const target = join(root, 'docs', 'config-catalog.md')
const args = process.argv.slice(2)
const check = args.includes('--check')
for (const arg of args) {
  if (arg !== '--check') {
    console.error(`config-catalog: unknown argument "${arg}"; use no argument (write docs/config-catalog.md) or --check`)
    process.exit(2)
  }
}

/** Every workspace package under packages/<family>/<name>, in folder order. */
function packages() {
  const found = []
  for (const family of readdirSync(join(root, 'packages')).sort()) {
    const familyDir = join(root, 'packages', family)
    if (family.startsWith('.') || !statSync(familyDir).isDirectory()) continue
    for (const name of readdirSync(familyDir).sort()) {
      const dir = join(familyDir, name)
      const manifest = join(dir, 'package.json')
      if (!existsSync(manifest)) continue
      const pkg = JSON.parse(readFileSync(manifest, 'utf8'))
      found.push({ name: pkg.name, dir: relative(root, dir), description: pkg.description ?? '' })
    }
  }
  return found
}

const isZod = (value) => typeof value === 'object' && value !== null && '_zod' in value

/** The plugin's Config: a module `Config` export, or the default export's static `Config`. */
function configOf(mod) {
  if (isZod(mod.Config)) return mod.Config
  if (mod.default && isZod(mod.default.Config)) return mod.default.Config
  return undefined
}

/** A Cordis plugin: an `apply` export, a default class or function, or an object with `apply`. */
function isPlugin(mod) {
  return typeof mod.apply === 'function' || typeof mod.default === 'function' || typeof mod.default?.apply === 'function'
}

async function generate() {
  const configured = []
  const bare = []
  const libraries = []
  for (const pkg of packages()) {
    const entry = join(root, pkg.dir, 'lib', 'index.js')
    if (!existsSync(entry)) throw new Error(`${pkg.dir}/lib/index.js is missing: run \`pnpm build\` first`)
    const mod = await import(pathToFileURL(entry).href)
    const config = configOf(mod)
    if (config) configured.push({ ...pkg, config })
    else if (isPlugin(mod)) bare.push(pkg)
    else libraries.push(pkg)
  }
  return renderCatalog({ configured, bare, libraries }, [process.cwd(), root])
}

try {
  const text = await generate()
  if (check) {
    const diff = firstDifference(existsSync(target) ? readFileSync(target, 'utf8') : '', text)
    if (diff) {
      console.error(`docs/config-catalog.md is stale (first difference at line ${diff.line}: ${JSON.stringify(diff.current)} vs generated ${JSON.stringify(diff.generated)}); run \`pnpm catalog\` and commit it`)
      process.exit(1)
    }
    console.log('docs/config-catalog.md is up to date')
  } else {
    writeFileSync(target, text)
    console.log(`wrote ${relative(root, target)}`)
  }
} catch (error) {
  console.error(`config-catalog: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}
