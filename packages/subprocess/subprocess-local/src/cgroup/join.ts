// @dsh-pure
/**
 * How a session's first process joins its cgroup before the shell runs. node-pty starts
 * this tiny /bin/sh program instead of argv; it writes its own pid into each cgroup.procs
 * file, then execs argv in the same process (same pid, same pty, same session). Every
 * process the shell later forks starts inside the cgroup: nothing can fork before the join,
 * which is why this is sound where moving the child after spawn is not (node-pty returns
 * after the child may already have run and forked). A failed join ends the process with
 * JOIN_FAILED_EXIT and a message on the terminal: the shell never runs uncontained.
 */
export const JOIN_SHELL = '/bin/sh'
/** Exit status of a join that could not write a cgroup.procs file. */
export const JOIN_FAILED_EXIT = 125
/** $0 of the join program, as `ps` shows it during the join. */
export const JOIN_NAME = 'dsh-cgroup-join'

const SCRIPT =
  'while [ "$1" != -- ]; do echo $$ > "$1" || { echo "dsh: could not join the session cgroup ($1); the session did not start" >&2; ' +
  `exit ${JOIN_FAILED_EXIT}; }; shift; done; shift; exec "$@"`

/** The program and arguments node-pty runs: join each `procsFiles` entry, then exec argv. */
export function joinCommand(procsFiles: readonly string[], argv: readonly string[]): { file: string; args: string[] } {
  return { file: JOIN_SHELL, args: ['-c', SCRIPT, JOIN_NAME, ...procsFiles, '--', ...argv] }
}
