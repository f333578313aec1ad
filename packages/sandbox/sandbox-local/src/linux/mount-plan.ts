// @dsh-pure
import type { HostView } from '../host-view'
import { type ConfinedPolicy, PRIVATE_TMP, REPLACED_DIRS, isWithin } from '../layout'
import { outermost, protectionPlan } from '../protection-plan'

/** Size of each masking tmpfs: it only holds the symlinks and mount points put back into it. */
export const MASK_TMPFS_BYTES = 1024 * 1024

/** Masked directories that are not already hidden by a replaced directory or the private /tmp. */
export function effectiveMasks(view: HostView): string[] {
  return outermost(view.maskedDirs.filter((dir) => ![PRIVATE_TMP, ...REPLACED_DIRS].some((hidden) => isWithin(dir, hidden))))
}

/**
 * Each masked directory becomes an empty tmpfs holding only the kept symlinks and files,
 * then is remounted read-only. `masks` must not lie inside a writable mount made later.
 */
export function maskArgs(masks: readonly string[], view: HostView): string[] {
  const inside = (path: string) => masks.some((dir) => isWithin(path, dir) && path !== dir)
  return [
    ...masks.flatMap((dir) => ['--size', String(MASK_TMPFS_BYTES), '--tmpfs', dir]),
    ...view.keptLinks.filter((link) => inside(link.path)).flatMap((link) => ['--symlink', link.target, link.path]),
    ...view.keptFiles.filter(inside).flatMap((file) => ['--ro-bind-try', file, file]),
    ...masks.flatMap((dir) => ['--remount-ro', dir]),
  ]
}

/**
 * Keep the host's own files read-only inside the writable workspace (see protectionPlan):
 * the pinned ancestors are bound onto themselves first (a mount point cannot be renamed or
 * removed), then each protected path is bound read-only.
 */
export function protectArgs(policy: ConfinedPolicy, protectedPaths: readonly string[]): string[] {
  const plan = protectionPlan(policy, protectedPaths)
  return [...plan.pinned.flatMap((dir) => ['--bind-try', dir, dir]), ...plan.readOnly.flatMap((path) => ['--ro-bind-try', path, path])]
}

/** Cover each socket file with /dev/null: connect() then fails with ECONNREFUSED. */
export function socketArgs(view: HostView): string[] {
  return view.socketFiles.flatMap((path) => ['--ro-bind', '/dev/null', path])
}
