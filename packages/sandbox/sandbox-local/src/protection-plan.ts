// @dsh-pure
import { SandboxError } from 'dsh-sandbox'
import { type ConfinedPolicy, isWithin } from './layout'

/** How many path components `path` has (`/` has none). */
export function depth(path: string): number {
  return path === '/' ? 0 : path.split('/').length - 1
}

/** The paths with none of the others above them, shallowest first. */
export function outermost(paths: readonly string[]): string[] {
  const sorted = [...new Set(paths)].sort((a, b) => depth(a) - depth(b) || (a < b ? -1 : a > b ? 1 : 0))
  const kept: string[] = []
  for (const path of sorted) if (!kept.some((k) => isWithin(path, k))) kept.push(path)
  return kept
}

function parentOf(path: string): string {
  const cut = path.lastIndexOf('/')
  return cut <= 0 ? '/' : path.slice(0, cut)
}

/** What stays read-only inside a writable workspace, and which directories are pinned in place. */
export interface ProtectionPlan {
  /** The protected paths inside the workspace root (outermost only), read-only. */
  readonly readOnly: readonly string[]
  /**
   * Their ancestors below the workspace root, shallowest first: they stay writable but
   * cannot be renamed or removed, so a protected directory's parent cannot be moved aside
   * and replaced by a look-alike.
   */
  readonly pinned: readonly string[]
}

/**
 * Which of the host's protected paths lie in the workspace root of `policy`. A workspace
 * root inside (or equal to) a protected path is refused with BAD_WORKSPACE: writing there
 * would rewrite the host itself.
 */
export function protectionPlan(policy: ConfinedPolicy, protectedPaths: readonly string[]): ProtectionPlan {
  const root = policy.workspaceRoot
  const around = protectedPaths.find((path) => isWithin(root, path))
  if (around !== undefined) {
    throw new SandboxError(
      'BAD_WORKSPACE',
      `sandbox: the workspace root ${root} lies inside ${around}, which the host itself runs from (its configuration or installation) and which stays read-only; pick a workspace outside it, or use read-only`,
    )
  }
  const readOnly = outermost(protectedPaths.filter((path) => isWithin(path, root)))
  const pinned = new Set<string>()
  for (const path of readOnly) {
    for (let dir = parentOf(path); dir !== root && isWithin(dir, root); dir = parentOf(dir)) pinned.add(dir)
  }
  return { readOnly, pinned: [...pinned].sort((a, b) => depth(a) - depth(b) || (a < b ? -1 : 1)) }
}
