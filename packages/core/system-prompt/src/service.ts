import { type Context, Service } from '@deepseek-ai/cordis'
import { SystemPromptError } from './errors'
import { checkSection, type PromptSection, renderSections, sortSections } from './sections'

declare module '@deepseek-ai/cordis' {
  interface Context { systemPrompt: SystemPromptService }
}

/** ctx.systemPrompt: named, ordered sections contributed by plugins. */
export class SystemPromptService extends Service {
  private readonly entries = new Map<string, PromptSection>()

  constructor(ctx: Context) {
    super(ctx, 'systemPrompt')
  }

  /**
   * Add a section for as long as the CALLING plugin is loaded. Returns a disposer that
   * removes it earlier. Throws INVALID_SECTION or DUPLICATE_SECTION and adds nothing.
   */
  section(section: PromptSection): () => void {
    const entry = checkSection(section)
    if (this.entries.has(entry.name)) {
      throw new SystemPromptError('DUPLICATE_SECTION', `a prompt section named "${entry.name}" already exists; pick another name or unload the plugin that added it`)
    }
    const dispose = this.ctx.effect(() => {
      this.entries.set(entry.name, entry)
      return () => { if (this.entries.get(entry.name) === entry) this.entries.delete(entry.name) }
    }, `systemPrompt.section(${entry.name})`)
    return () => { void dispose() }
  }

  /** The sections in render order. */
  sections(): PromptSection[] { return sortSections(this.entries.values()) }

  /** The whole prompt: sections by order (then name), separated by a blank line. */
  render(): string { return renderSections(this.entries.values()) }
}
