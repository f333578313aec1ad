import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, isAbsolute, join, resolve } from 'node:path'
import { afterAll } from 'vitest'
import { parse, stringify } from 'yaml'

// Shared by the snapshot suites of every front (headless, acp): run an example PTY overlay
// (examples/<front>/pty.cordis.yml: one include entry whose patches insert the terminal
// family) exactly as written, plus test knobs appended to its patch list.

type Entry = { id?: string; name?: string; config?: Record<string, unknown> }
type Patch = { id?: string; insert?: Entry[]; config?: Record<string, unknown>; disabled?: boolean }

/** Temporary directories written by this module; removed after the importing test file's tests. */
const made: string[] = []
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** Write `text` to `name` in a new temporary directory (removed after the test file); returns the path. */
export function tempFile(prefix: string, name: string, text: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  made.push(dir)
  const file = join(dir, name)
  writeFileSync(file, text)
  return file
}

/** Patches that swap the composition's model (entry id `model`) for the script provider. */
export function scriptModel(script: string): Patch[] {
  return [{ id: 'model', disabled: true }, { insert: [{ id: 'model-script', name: 'dsh-model-script', config: { path: script } }] }]
}

/**
 * Write a copy of `overlay` whose include points at the same file (absolute path) and whose
 * patch list ends with `patches`; `settings` merges config fields into entries the overlay
 * inserted (by id), e.g. `{ 'tool-terminal': { maxResultBytes: 64 } }`. Returns the copy's path.
 */
export function overlayWith(overlay: string, settings: Record<string, Record<string, unknown>>, patches: Patch[] = []): string {
  const entries = parse(readFileSync(overlay, 'utf8')) as Entry[]
  const include = entries.length === 1 ? entries[0] : undefined
  const config = include?.config as { path?: string; patches?: Patch[] } | undefined
  if (include?.name !== 'cordis:include' || typeof config?.path !== 'string') throw new Error(`${overlay} is not one include entry with a path`)
  if (!isAbsolute(config.path)) config.path = resolve(dirname(overlay), config.path)
  const inserted = new Map((config.patches ?? []).flatMap((p) => p.insert ?? []).flatMap((e) => (e.id ? [[e.id, e] as const] : [])))
  const extra: Patch[] = Object.entries(settings).map(([id, fields]) => {
    const entry = inserted.get(id)
    if (!entry) throw new Error(`${overlay} inserts no entry "${id}"`)
    return { id, config: { ...(entry.config ?? {}), ...fields } }
  })
  config.patches = [...(config.patches ?? []), ...extra, ...patches]
  return tempFile('dsh-overlay-', basename(overlay), stringify(entries))
}
