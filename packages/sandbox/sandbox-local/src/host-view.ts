// @dsh-pure
/**
 * What the sandbox learned about the host before wrapping a command: which paths must stay
 * read-only inside a writable workspace and which places hold the host's unix sockets.
 * Gathered at confine time (survey-host.ts); the platform confiners only read it.
 */
export interface HostView {
  /**
   * Canonical paths the host itself depends on: the config files it booted from, every
   * package directory it loaded code from, the `node_modules` trees those live in, and the
   * workspace's `.git`. Inside a writable workspace each stays read-only.
   */
  readonly protectedPaths: readonly string[]
  /** Directories replaced by an empty, read-only directory (the usual socket locations). */
  readonly maskedDirs: readonly string[]
  /** Symlinks directly inside a masked directory, recreated there so paths through them keep working. */
  readonly keptLinks: readonly KeptLink[]
  /** Regular files inside a masked directory that stay visible read-only (e.g. the resolv.conf target). */
  readonly keptFiles: readonly string[]
  /** Unix socket files outside the masked directories, each covered with /dev/null. */
  readonly socketFiles: readonly string[]
}

export interface KeptLink {
  readonly path: string
  readonly target: string
}

/** A view with nothing to protect or mask (what a caller without a survey passes). */
export const EMPTY_HOST_VIEW: HostView = { protectedPaths: [], maskedDirs: [], keptLinks: [], keptFiles: [], socketFiles: [] }
