import { SystemPromptService } from './service'

export { SystemPromptService }
export { SystemPromptError, type SystemPromptErrorCode } from './errors'
export { type PromptSection, renderSections, sortSections, tidyText } from './sections'
export default SystemPromptService
