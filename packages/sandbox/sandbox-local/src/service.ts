import { type Context, Service } from '@deepseek-ai/cordis'
import {
  type ConfineOptions,
  type Confinement,
  type ExecutionPolicy,
  SandboxError,
  type SandboxProvider,
  isConfined,
  parseSandboxMode,
} from 'dsh-sandbox'
import { Config } from './config'
import type { PlatformConfiner } from './confiner'
import { canonicalDirectory } from './fs-checks'
import { InstallSurvey, ownFiles } from './install/install-survey'
import { type ConfinedPolicy, checkArgv, checkWorkspaceLayout, hiddenCwdReason } from './layout'
import { effectiveMasks } from './linux/mount-plan'
import { platformConfiner } from './platform'
import { surveyHost } from './survey-host'

/**
 * ctx.sandbox: wraps a command once so it runs under an execution policy (bubblewrap on
 * Linux, sandbox-exec on macOS). danger-full-access returns the argv unchanged. Every
 * check happens here, before anything starts; it never starts a process itself except
 * bubblewrap's one-time self-test. Each confine surveys the host first: what the host runs
 * from (kept read-only inside a writable workspace) and where its unix sockets are (hidden).
 */
export class SandboxLocalService extends Service implements SandboxProvider {
  static Config = Config
  private readonly confiner: PlatformConfiner
  private readonly install = new InstallSurvey(ownFiles(import.meta.url, process.argv[1]))
  private readonly root: Context

  constructor(ctx: Context, config: Config) {
    super(ctx, 'sandbox')
    this.root = ctx
    this.confiner = platformConfiner(config, process.env.PATH)
  }

  async confine(argv: readonly string[], policy: ExecutionPolicy, options: ConfineOptions = {}): Promise<Confinement> {
    const command = checkArgv(argv)
    const mode = parseSandboxMode(policy?.mode, 'policy mode')
    if (!isConfined(mode)) return { argv: command, enforcement: 'none' }
    const workspaceRoot = mode === 'workspace-write'
      ? await canonicalDirectory(policy.workspaceRoot, 'workspaceRoot', 'BAD_WORKSPACE')
      : policy.workspaceRoot
    if (mode === 'workspace-write') checkWorkspaceLayout(workspaceRoot)
    const confined: ConfinedPolicy = { mode, workspaceRoot }
    const cwd = options.cwd === undefined ? undefined : await canonicalDirectory(options.cwd, 'cwd', 'BAD_CWD')
    const view = await surveyHost({ install: this.install, loader: this.root.get('loader'), policy: confined, cwd, env: process.env })
    const hidden = cwd !== undefined && this.confiner.replacesMounts ? hiddenCwdReason(cwd, confined, effectiveMasks(view)) : undefined
    if (hidden !== undefined) {
      throw new SandboxError('BAD_CWD', `sandbox: the working directory ${cwd} is not visible in ${mode}: ${hidden}; start in the workspace or another directory outside it`)
    }
    return { argv: await this.confiner.wrap(command, confined, cwd, view), enforcement: this.confiner.enforcement }
  }
}
