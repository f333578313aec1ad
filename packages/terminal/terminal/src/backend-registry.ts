// @dsh-pure
import { TerminalError } from './errors'
import type { TerminalBackend } from './types'

/** Registered backends by type. Registration scoping (plugin lifecycle) is the service's job. */
export class BackendRegistry {
  private readonly byType = new Map<string, TerminalBackend>()

  /** Throws DUPLICATE_BACKEND when the type is taken. */
  assertFree(type: string): void {
    if (!this.byType.has(type)) return
    throw new TerminalError('DUPLICATE_BACKEND', `a terminal backend of type "${type}" is already registered; unload the plugin that registered it first or register under another type`)
  }

  /** Call assertFree first. */
  add(backend: TerminalBackend): void {
    this.byType.set(backend.type, backend)
  }

  /** Remove this exact backend; a newer backend of the same type stays. */
  remove(backend: TerminalBackend): void {
    if (this.byType.get(backend.type) === backend) this.byType.delete(backend.type)
  }

  /** Throws NO_BACKEND naming the registered types. */
  get(type: string): TerminalBackend {
    const backend = this.byType.get(type)
    if (backend) return backend
    const known = this.types()
    const hint = known.length > 0 ? `use one of: ${known.join(', ')}` : 'none is registered; load a backend plugin such as dsh-terminal-bash'
    throw new TerminalError('NO_BACKEND', `no terminal backend of type "${type}" is registered; ${hint}`)
  }

  types(): string[] {
    return [...this.byType.keys()]
  }

  clear(): void {
    this.byType.clear()
  }
}
