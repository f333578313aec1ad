// What "ready" looks like at the raw byte level, for the floor contender, and the commands
// that start each REPL inside a shell session.

/** The floor shell's marker prompt: OSC 133;D with the exit status, then `dsh> `. */
export const SHELL_ENV = {
  TERM: 'dumb',
  PS1: 'dsh> ',
  PROMPT_COMMAND: 'printf "\\033]133;D;%s\\007" $?',
}

/** Tail patterns: the output since the write ends with this prompt. */
export const PROMPT_TAIL = {
  shell: /\x1b\]133;D;\d+\x07dsh> $/,
  python: /(^|\n)>>> $/,
  node: /(^|\n)> $/,
  gdb: /(^|\n)\(gdb\) $/,
}

/** How each REPL is started from the shell, and how it is left again. */
export const REPLS = {
  python: { start: 'python3 -q', exit: 'exit()' },
  node: { start: 'node', exit: '.exit' },
  gdb: { start: 'gdb -q -nx', exit: 'quit' },
}
