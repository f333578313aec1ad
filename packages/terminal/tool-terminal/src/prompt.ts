// @dsh-pure
/** The system prompt section this plugin contributes (the spec's three sentences, verbatim). */
export const PROMPT_SECTION = {
  name: 'tool:pty',
  order: 106,
  text:
    'Use a terminal session only when work needs persistent terminal state or interactive stdin; ' +
    'prefer shell/read/write/edit for bounded one-shot operations. ' +
    'Track every terminal session id and close sessions that no longer matter. ' +
    'An inferred_idle or timeout result does not prove the foreground command exited.',
} as const
