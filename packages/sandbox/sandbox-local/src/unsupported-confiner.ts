// @dsh-pure
import { SandboxError } from 'dsh-sandbox'
import type { PlatformConfiner } from './confiner'

/** Platforms without a supported sandbox: confined modes always fail closed. */
export class UnsupportedConfiner implements PlatformConfiner {
  readonly enforcement = 'none'
  readonly replacesMounts = false

  constructor(private readonly platform: string) {}

  async wrap(): Promise<string[]> {
    throw new SandboxError(
      'SANDBOX_UNAVAILABLE',
      `sandbox: no sandbox is supported on platform ${this.platform} (bubblewrap on Linux, sandbox-exec on macOS), so nothing was started; choose sandbox mode danger-full-access explicitly to run unconfined`,
    )
  }
}
