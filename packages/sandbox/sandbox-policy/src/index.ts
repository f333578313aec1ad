import type {} from 'dsh-agent'
import { SandboxPolicyService } from './service'

export { SandboxPolicyService }
export { Config, type ConfigInput } from './config'
export { effectiveMode, sessionMode, type ModeLog } from './effective-mode'
export { canonicalDirectory, type CanonicalDirectory } from './workspace-root'
export { agentWorkspace, checkWorkspaceEvent, workspaceOfEventData } from './agent-workspace'
export default SandboxPolicyService
