import * as z from 'zod'
import { DEFAULT_TMPFS_BYTES, MAX_TMPFS_BYTES, MIN_TMPFS_BYTES } from './limits'

const path = (field: string, fallback: string) =>
  z.string({ error: `sandbox: ${field} must be a string` }).min(1, `sandbox: ${field} must not be empty`).default(fallback)

/** dsh-sandbox-local configuration; every field has a default. */
export const Config = z.preprocess((value) => value ?? {}, z.object({
  /** Linux: the bubblewrap executable, a name looked up on PATH or a path. Checked at confine time. */
  bwrapPath: path('bwrapPath', 'bwrap').describe('Linux: the bubblewrap executable, a name looked up on PATH or a path; checked at every confine'),
  /** macOS: the sandbox-exec executable. Checked at confine time. */
  sandboxExecPath: path('sandboxExecPath', '/usr/bin/sandbox-exec').describe('macOS: the sandbox-exec executable'),
  /**
   * Keep the host network (default: the modes do not confine the network). false gives a
   * Linux sandbox only a loopback interface and denies network use on macOS.
   */
  shareNetwork: z.boolean({ error: 'sandbox: shareNetwork must be true or false' }).default(true)
    .describe('keep the host network (the modes do not confine it); false leaves a Linux sandbox only loopback and denies network on macOS'),
  /** Linux: size cap in bytes of each private tmpfs (/tmp and /dev/shm, in both confined modes). */
  tmpfsSizeBytes: z.number({ error: 'sandbox: tmpfsSizeBytes must be a number' })
    .int('sandbox: tmpfsSizeBytes must be an integer')
    .min(MIN_TMPFS_BYTES, `sandbox: tmpfsSizeBytes must be at least ${MIN_TMPFS_BYTES} (1 MiB)`)
    .max(MAX_TMPFS_BYTES, `sandbox: tmpfsSizeBytes must be at most ${MAX_TMPFS_BYTES} (64 GiB)`)
    .default(DEFAULT_TMPFS_BYTES)
    .describe('Linux: size cap in bytes of each private tmpfs (/tmp and /dev/shm, in both confined modes)'),
}))
export type Config = z.output<typeof Config>
export type ConfigInput = z.input<typeof Config>
