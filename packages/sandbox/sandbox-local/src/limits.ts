// @dsh-pure
/**
 * Default size cap of each private tmpfs the sandbox mounts (`/tmp` and `/dev/shm`, in both
 * confined modes; TMPDIR is `/tmp`). Scratch space lives in RAM, so it is bounded:
 * 256 MiB fits here-documents, compiler temporaries and test fixtures without letting one
 * runaway command exhaust the host's memory.
 */
export const DEFAULT_TMPFS_BYTES = 256 * 1024 * 1024

/** Smallest accepted tmpfs cap (1 MiB): below that ordinary shells fail in confusing ways. */
export const MIN_TMPFS_BYTES = 1024 * 1024

/** Largest accepted tmpfs cap (64 GiB): a guard against a unit mistake in config. */
export const MAX_TMPFS_BYTES = 64 * 1024 * 1024 * 1024
