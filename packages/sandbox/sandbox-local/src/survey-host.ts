import { readdir, readlink, realpath } from 'node:fs/promises'
import { join } from 'node:path'
import type { HostView, KeptLink } from './host-view'
import { gitPathsOf } from './install/git-paths'
import type { InstallSurvey } from './install/install-survey'
import type { ConfinedPolicy } from './layout'
import { isWithin } from './layout'
import { effectiveMasks } from './linux/mount-plan'
import { planSocketMasks } from './sockets/mask-plan'
import { surveySockets } from './sockets/survey-sockets'

/** Host files a masked directory may hold that programs need (systemd-resolved keeps resolv.conf in /run). */
const KEPT_FILES = ['/etc/resolv.conf', '/etc/hosts', '/etc/localtime']

/** Bound on the symlinks recreated per masked directory. */
const MAX_LINKS_PER_DIR = 256

/** Symlinks directly inside `dir` (e.g. /run/shm -> /dev/shm), recreated inside the mask. */
async function linksIn(dir: string): Promise<KeptLink[]> {
  try {
    const entries = (await readdir(dir, { withFileTypes: true })).filter((e) => e.isSymbolicLink()).slice(0, MAX_LINKS_PER_DIR)
    const links = await Promise.all(entries.map(async (e) => {
      const path = join(dir, e.name)
      return { path, target: await readlink(path) }
    }))
    return links
  } catch {
    return []
  }
}

export interface HostSurveyInput {
  readonly install: InstallSurvey
  /** `ctx.loader` when the host booted through the Cordis loader. */
  readonly loader: unknown
  readonly policy: ConfinedPolicy
  readonly cwd: string | undefined
  readonly env: NodeJS.ProcessEnv
}

/** What to protect and what to hide for one confine (see HostView). */
export async function surveyHost(input: HostSurveyInput): Promise<HostView> {
  const { policy } = input
  const root = policy.workspaceRoot
  const protectedPaths = policy.mode === 'workspace-write'
    ? [...await input.install.paths(input.loader), ...await gitPathsOf(root)]
    : []
  const { maskedDirs, socketFiles } = planSocketMasks(await surveySockets(input.env, input.cwd), root)
  const partial: HostView = { protectedPaths, maskedDirs, socketFiles, keptLinks: [], keptFiles: [] }
  const masks = effectiveMasks(partial)
  const keptLinks = (await Promise.all(masks.map(linksIn))).flat()
  const kept = await Promise.all(KEPT_FILES.map((file) => realpath(file).catch(() => undefined)))
  const keptFiles = kept.filter((file): file is string => file !== undefined && masks.some((dir) => isWithin(file, dir)))
  return { ...partial, keptLinks, keptFiles }
}
