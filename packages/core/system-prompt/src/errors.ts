// @dsh-pure
/** Every failure of the system-prompt seam carries exactly one of these codes. */
export type SystemPromptErrorCode = 'INVALID_SECTION' | 'DUPLICATE_SECTION'

const DEFAULT_MESSAGES: Record<SystemPromptErrorCode, string> = {
  INVALID_SECTION: 'the prompt section is invalid; give a non-empty name, a finite order and a text',
  DUPLICATE_SECTION: 'a prompt section with this name exists; pick another name or unload the plugin that added it',
}

export class SystemPromptError extends Error {
  override name = 'SystemPromptError'
  constructor(readonly code: SystemPromptErrorCode, message = DEFAULT_MESSAGES[code], options?: { cause?: unknown }) {
    super(message, options)
  }
}
