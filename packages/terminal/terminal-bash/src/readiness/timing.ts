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

/**
 * When readiness is shown without counter proof that the input was read (the foreground
 * group changed since the write, or the platform has no counters), how long output must
 * stay quiet before the send settles. Input written while another program owned the
 * terminal is typeahead the shell reads at its next prompt; the shell echoes it within
 * this window when it does, and the echo sends readiness back to probing.
 */
export const TYPEAHEAD_QUIET_MS = 3

/**
 * Upper bound of a drain whose evidence keeps holding while output keeps arriving (a
 * program that prints while it waits on stdin): past it the send settles stdin_read.
 */
export const DRAIN_MAX_MS = 20

/**
 * How long output must stay quiet before an uncertain stdin wait counts as readiness. A
 * wait is uncertain when it watches other fds besides the terminal (an event loop: node or
 * python asyncio waits in epoll with stdin among its timers and sockets while awaited work
 * is pending) and the output does not end in a prompt-shaped line, or when a full-screen
 * program is tearing its terminal down (vim waits on the terminal for ~100 ms while it
 * exits, then flushes the input). Long enough for the awaited answer or the exit to land
 * in the same send; short next to idleSilenceMs.
 */
export const UNCERTAIN_QUIET_MS = 1_500
