import { readFileSync, statSync } from 'node:fs'
import { extname, resolve } from 'node:path'
import { ModelError } from 'dsh-model'
import { parse as parseYaml } from 'yaml'
import { checkScript, type ScriptFile } from './script-schema'

/** Largest script file read (a hand-written script is far smaller; this bounds memory). */
export const MAX_SCRIPT_BYTES = 1024 * 1024

/**
 * Read and check a script file (`.json` as JSON, anything else as YAML, of which JSON is a
 * subset). Every failure is a BAD_RESPONSE ModelError naming the file and the field.
 */
export function loadScript(path: string): { readonly file: string; readonly script: ScriptFile } {
  const file = resolve(path)
  let text: string
  try {
    const size = statSync(file).size
    if (size > MAX_SCRIPT_BYTES) throw new Error(`it is ${size} bytes, more than the ${MAX_SCRIPT_BYTES} a script may have`)
    text = readFileSync(file, 'utf8')
  } catch (cause) {
    const why = (cause as NodeJS.ErrnoException).code ?? (cause instanceof Error ? cause.message : String(cause))
    throw new ModelError('BAD_RESPONSE', `model-script: cannot read the script ${file} (${why}); a relative path starts at the directory the host runs in (${process.cwd()})`, { cause })
  }
  let raw: unknown
  try {
    raw = extname(file) === '.json' ? JSON.parse(text) : parseYaml(text, { maxAliasCount: 100 })
  } catch (cause) {
    throw new ModelError('BAD_RESPONSE', `model-script: ${file} is not valid ${extname(file) === '.json' ? 'JSON' : 'YAML'}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause })
  }
  const checked = checkScript(raw)
  if (!('script' in checked)) throw new ModelError('BAD_RESPONSE', `model-script: ${file}: ${checked.field}: ${checked.message}`)
  return { file, script: checked.script }
}
