// @dsh-pure
import type { ContentBlock } from '@agentclientprotocol/sdk'

/**
 * The text of a prompt's content blocks, as the model receives it: text blocks as they are,
 * resource links as `@<uri>` lines, embedded text resources as their text under their uri.
 * Other blocks (images, audio) are not advertised in the prompt capabilities; one that
 * arrives anyway is named, not dropped silently.
 */
export function promptText(blocks: readonly ContentBlock[]): string {
  const parts: string[] = []
  for (const block of blocks) {
    switch (block.type) {
      case 'text': parts.push(block.text); break
      case 'resource_link': parts.push(`@${block.uri}`); break
      case 'resource': {
        const resource = block.resource
        parts.push('text' in resource ? `@${resource.uri}\n${resource.text}` : `@${resource.uri} (binary content not included)`)
        break
      }
      default: parts.push(`(${block.type} content was attached; this agent reads text only)`)
    }
  }
  return parts.join('\n')
}
