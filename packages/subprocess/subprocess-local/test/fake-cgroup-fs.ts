import type { CgroupFs } from '../src/cgroup/cgroup-fs'

/** Domain controllers: the kernel refuses to enable them below a cgroup that holds processes. */
const DOMAIN = new Set(['memory', 'io'])

const fail = (code: string, path: string) => Object.assign(new Error(`${code}: ${path}`), { code })

/**
 * A cgroup2 tree in memory with the rules the driver depends on: a new directory gets the
 * core files and the limit files of the controllers its parent enables; enabling a domain
 * controller in a non-root cgroup with processes is EBUSY; rmdir of a populated cgroup is
 * EBUSY; cgroup.kill empties it.
 */
export class FakeCgroupFs implements CgroupFs {
  readonly dirs = new Map<string, Map<string, string>>()
  readonly readOnly = new Set<string>()
  readonly writes: string[] = []

  constructor(readonly root: string, private readonly rootControllers: readonly string[]) {
    this.dirs.set(root, this.files())
  }

  /** A cgroup's controllers: the root's, or what its parent enables (read live, as the kernel does). */
  controllersOf(dir: string): string[] {
    if (dir === this.root) return [...this.rootControllers]
    const parent = this.dirs.get(this.split(dir)[0])
    return (parent?.get('cgroup.subtree_control') ?? '').split(' ').filter((c) => c !== '')
  }

  /** Let a test give a cgroup controllers of its own (as if its parent enabled them). */
  setControllers(dir: string, controllers: readonly string[]): void {
    const parent = this.dirs.get(this.split(dir)[0])!
    parent.set('cgroup.subtree_control', controllers.join(' '))
  }

  /** Put processes into a cgroup (as the join program would). */
  addProcs(dir: string, pids: readonly number[]): void {
    this.file(dir).set('cgroup.procs', pids.map((p) => `${p}\n`).join(''))
  }

  private files(): Map<string, string> {
    return new Map([['cgroup.procs', ''], ['cgroup.events', 'populated 0\nfrozen 0\n'], ['cgroup.kill', ''], ['cgroup.subtree_control', '']])
  }

  /** Limit files exist while the cgroup has their controller. */
  private limitFile(dir: string, name: string): boolean {
    const controller = { 'pids.max': 'pids', 'memory.max': 'memory' }[name]
    return controller !== undefined && this.controllersOf(dir).includes(controller)
  }

  private file(dir: string): Map<string, string> {
    const files = this.dirs.get(dir)
    if (!files) throw fail('ENOENT', dir)
    return files
  }

  private split(path: string): [string, string] {
    const at = path.lastIndexOf('/')
    return [path.slice(0, at), path.slice(at + 1)]
  }

  async read(path: string) {
    return this.readSync(path)
  }

  readSync(path: string) {
    const [dir, name] = this.split(path)
    const files = this.dirs.get(dir)
    if (!files) return undefined
    if (name === 'cgroup.controllers') return this.controllersOf(dir).join(' ')
    return files.get(name) ?? (this.limitFile(dir, name) ? 'max' : undefined)
  }

  async write(path: string, text: string) {
    this.writeSync(path, text)
  }

  writeSync(path: string, text: string) {
    const [dir, name] = this.split(path)
    const files = this.file(dir)
    if (!files.has(name) && !this.limitFile(dir, name)) throw fail('ENOENT', path)
    this.writes.push(`${path} ${text}`)
    if (name === 'cgroup.kill') {
      files.set('cgroup.procs', '')
      return
    }
    if (name === 'cgroup.subtree_control') {
      const controller = text.replace(/^\+/, '')
      if (!this.controllersOf(dir).includes(controller)) throw fail('ENOENT', path)
      if (DOMAIN.has(controller) && dir !== this.root && files.get('cgroup.procs') !== '') throw fail('EBUSY', path)
      files.set(name, `${files.get(name)} ${controller}`.trim())
      return
    }
    files.set(name, text)
  }

  async mkdir(path: string) {
    const [parent] = this.split(path)
    if (this.readOnly.has(parent)) throw fail('EACCES', path)
    if (this.dirs.has(path)) throw fail('EEXIST', path)
    this.file(parent)
    this.dirs.set(path, this.files())
  }

  async rmdir(path: string) {
    this.rmdirSync(path)
  }

  rmdirSync(path: string) {
    const files = this.file(path)
    if (files.get('cgroup.procs') !== '' || [...this.dirs.keys()].some((d) => d.startsWith(`${path}/`))) throw fail('EBUSY', path)
    this.dirs.delete(path)
  }

  async list(path: string) {
    if (!this.dirs.has(path)) return undefined
    return [...this.dirs.keys()].filter((d) => this.split(d)[0] === path).map((d) => this.split(d)[1])
  }

  async exists(path: string) {
    return this.dirs.has(path) || this.readSync(path) !== undefined
  }
}
