// @dsh-pure
/**
 * How long output must pause before the inspector is probed. Interactive programs print
 * their result and prompt in one burst and then block on stdin; a pause of a couple of
 * milliseconds is where that block is first observable, so probing here (instead of on
 * the slower poll tick) settles a REPL round trip within a few milliseconds.
 */
export const QUIET_PROBE_MS = 2

/**
 * After the inspector proved a stdin wait, how long output must stay quiet before the send
 * settles. Bytes the program wrote before it blocked are already in the PTY but may not
 * have been delivered yet; this lets them land in the same send.
 */
export const DRAIN_QUIET_MS = 1

/** Upper bound of that drain, for a program that keeps printing while it waits. */
export const DRAIN_MAX_MS = 20
