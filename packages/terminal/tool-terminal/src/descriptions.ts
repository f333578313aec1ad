import { readFileSync } from 'node:fs'
import type { ToolDescriptions } from './tools'

/** The tool descriptions, one `.md` file each (copied next to lib/index.js at build). */
export type DescriptionName =
  | 'terminal_open'
  | 'terminal_send'
  | 'terminal_send.background'
  | 'terminal_read'
  | 'terminal_signal'
  | 'terminal_close'
  | 'terminal_list'

/** Read a tool description; a missing file is a packaging bug and fails the plugin load. */
export function readDescription(name: DescriptionName): string {
  const url = new URL(`./descriptions/${name}.md`, import.meta.url)
  try {
    return readFileSync(url, 'utf8').trim()
  } catch (cause) {
    throw new Error(`tool-terminal: the description file ${url.pathname} is missing; rebuild the package (pnpm --filter dsh-tool-terminal build)`, { cause })
  }
}

/** terminal_send's description, with the background paragraph only when it is offered. */
export function sendDescription(background: boolean): string {
  const base = readDescription('terminal_send')
  if (!background) return base
  const paragraphs = base.split('\n\n')
  paragraphs.splice(paragraphs.length - 1, 0, readDescription('terminal_send.background'))
  return paragraphs.join('\n\n')
}

/** Every tool's description for this configuration. */
export function toolDescriptions(background: boolean): ToolDescriptions {
  return {
    terminal_open: readDescription('terminal_open'),
    terminal_send: sendDescription(background),
    terminal_read: readDescription('terminal_read'),
    terminal_signal: readDescription('terminal_signal'),
    terminal_close: readDescription('terminal_close'),
    terminal_list: readDescription('terminal_list'),
  }
}
