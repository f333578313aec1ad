// @dsh-pure
import { SystemPromptError } from './errors'

/** One named block of the system prompt. Lower `order` comes first; ties sort by name. */
export interface PromptSection {
  readonly name: string
  readonly order: number
  readonly text: string
}

/** Check a section; throws INVALID_SECTION naming the field and value. */
export function checkSection(section: PromptSection): PromptSection {
  const { name, order, text } = section ?? ({} as PromptSection)
  if (typeof name !== 'string' || name.trim() === '') {
    throw new SystemPromptError('INVALID_SECTION', `section name must be a non-empty string, got ${JSON.stringify(name)}`)
  }
  if (typeof order !== 'number' || !Number.isFinite(order)) {
    throw new SystemPromptError('INVALID_SECTION', `section "${name}": order must be a finite number, got ${String(order)}`)
  }
  if (typeof text !== 'string') {
    throw new SystemPromptError('INVALID_SECTION', `section "${name}": text must be a string, got ${typeof text}`)
  }
  return Object.freeze({ name, order, text })
}

/** Sections in render order: by `order`, then by name. */
export function sortSections(sections: Iterable<PromptSection>): PromptSection[] {
  return [...sections].sort((a, b) => a.order - b.order || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
}

/** A section's text without leading blank lines and trailing whitespace (indentation kept). */
export function tidyText(text: string): string {
  return text.replace(/^(?:[ \t]*\r?\n)+/, '').trimEnd()
}

/** The prompt text: every non-blank section in order, separated by one blank line. */
export function renderSections(sections: Iterable<PromptSection>): string {
  return sortSections(sections).map((s) => tidyText(s.text)).filter((t) => t !== '').join('\n\n')
}
