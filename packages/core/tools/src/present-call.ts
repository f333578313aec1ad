// @dsh-pure
import type { CompiledTool } from './compile-tool'
import { truncateUtf8 } from './truncate-utf8'
import type { CallView } from './types'
import { validateArguments } from './validate-arguments'

/** Longest tool name shown on the card of a call naming no registered tool. */
const MAX_SHOWN_NAME_BYTES = 128

/** The generic card a call gets when its tool has no presentCall (or it failed). */
export function defaultCallView(name: string): CallView {
  return { card: 'generic', title: name, kind: 'other' }
}

/** The card of a call whose arguments already passed validation. */
export function callViewOf(tool: CompiledTool, args: unknown): CallView {
  const def = tool.definition
  if (!def.presentCall) return defaultCallView(def.name)
  try {
    return def.presentCall(args as never)
  } catch {
    return defaultCallView(def.name)
  }
}

/**
 * The card of a call before it runs (a host shows it while the call is pending): the tool's
 * presentCall over the validated arguments; the generic card when the tool is unknown or the
 * arguments do not validate (the call will then fail without running).
 */
export function presentCall(tool: CompiledTool | undefined, name: string, args: unknown): CallView {
  if (!tool) return defaultCallView(truncateUtf8(String(name), MAX_SHOWN_NAME_BYTES))
  const checked = validateArguments(tool.definition.name, tool.schema, args)
  return checked.ok ? callViewOf(tool, checked.args) : defaultCallView(tool.definition.name)
}
