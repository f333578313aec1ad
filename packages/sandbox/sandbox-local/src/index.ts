import type {} from 'dsh-sandbox'
import { SandboxLocalService } from './service'

export { SandboxLocalService }
export { Config, type ConfigInput } from './config'
export { DEFAULT_TMPFS_BYTES, MIN_TMPFS_BYTES, MAX_TMPFS_BYTES } from './limits'
export { bwrapArgv, type BwrapLayoutOptions } from './linux/bwrap-argv'
export { BwrapConfiner, PROBE_TIMEOUT_MS, type BwrapSettings } from './linux/bwrap-confiner'
export { seatbeltProfile, seatbeltArgv, WORKSPACE_PARAM } from './darwin/seatbelt-profile'
export { SeatbeltConfiner, type SeatbeltSettings } from './darwin/seatbelt-confiner'
export { UnsupportedConfiner } from './unsupported-confiner'
export { checkArgv, checkWorkspaceLayout, hiddenCwdReason, isWithin, type ConfinedPolicy } from './layout'
export type { PlatformConfiner } from './confiner'
export default SandboxLocalService
