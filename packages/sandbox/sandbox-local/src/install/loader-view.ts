// @dsh-pure
/**
 * What a Cordis loader (`@deepseek-ai/cordis-plugin-loader`, reached as `ctx.loader`) tells
 * about the composition it booted, read structurally so this package imports no loader:
 * each entry's `options.name` (the module it imported), the `baseUrl` of the tree it sits
 * in (the directory of the file that named it), and for an include entry the file it read
 * (`subtree.filename`).
 */
export interface BootedComposition {
  /** Every config file a loader include read. */
  readonly configFiles: readonly string[]
  /** Every plugin module an enabled entry names (not the loader's `cordis:` built-ins). */
  readonly plugins: readonly PluginSpecifier[]
}

export interface PluginSpecifier {
  readonly specifier: string
  /** The `file:` URL of the directory the entry's tree resolves names from, when known. */
  readonly baseUrl: string | undefined
}

/** Bound on the entries read: a composition is a few dozen; this only stops a runaway tree. */
const MAX_ENTRIES = 10_000

interface EntryShape {
  readonly options?: { readonly name?: unknown }
  readonly disabled?: unknown
  readonly subtree?: { readonly filename?: unknown }
  readonly parent?: { readonly tree?: { readonly ctx?: { readonly baseUrl?: unknown } } }
}

function entriesOf(loader: unknown): EntryShape[] {
  const entries = (loader as { entries?: unknown } | undefined)?.entries
  if (typeof entries !== 'function') return []
  const out: EntryShape[] = []
  for (const entry of entries.call(loader) as Iterable<EntryShape>) {
    if (out.length >= MAX_ENTRIES) break
    if (typeof entry === 'object' && entry !== null) out.push(entry)
  }
  return out
}

/** The composition a loader booted; empty when `loader` is not one (a host without it). */
export function bootedComposition(loader: unknown): BootedComposition {
  const configFiles: string[] = []
  const plugins: PluginSpecifier[] = []
  for (const entry of entriesOf(loader)) {
    const filename = entry.subtree?.filename
    if (typeof filename === 'string' && filename.startsWith('/')) configFiles.push(filename)
    const name = entry.options?.name
    if (typeof name !== 'string' || name === '' || name.startsWith('cordis:') || entry.disabled === true) continue
    const baseUrl = entry.parent?.tree?.ctx?.baseUrl
    plugins.push({ specifier: name, baseUrl: typeof baseUrl === 'string' ? baseUrl : undefined })
  }
  return { configFiles, plugins }
}
