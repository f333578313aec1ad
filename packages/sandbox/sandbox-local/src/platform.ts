import type { Config } from './config'
import type { PlatformConfiner } from './confiner'
import { SeatbeltConfiner } from './darwin/seatbelt-confiner'
import { BwrapConfiner } from './linux/bwrap-confiner'
import { UnsupportedConfiner } from './unsupported-confiner'

/** The platform, read once at load; nothing else in this package branches on it. */
const PLATFORM: string = process.platform

/** This platform's confiner: bubblewrap on Linux, sandbox-exec on macOS, none elsewhere. */
export function platformConfiner(config: Config, searchPath: string | undefined): PlatformConfiner {
  if (PLATFORM === 'linux') {
    return new BwrapConfiner({ bwrapPath: config.bwrapPath, shareNetwork: config.shareNetwork, tmpfsSizeBytes: config.tmpfsSizeBytes, searchPath })
  }
  if (PLATFORM === 'darwin') {
    return new SeatbeltConfiner({ sandboxExecPath: config.sandboxExecPath, shareNetwork: config.shareNetwork, searchPath })
  }
  return new UnsupportedConfiner(PLATFORM)
}
