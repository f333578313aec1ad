# dsh-terminal-bash shell integration (bash). Run once, by the first PROMPT_COMMAND.
#
# Before every prompt it emits the private prompt marker OSC 133;D;<last status>;<nonce>
# and restores PS1 to the controlled prompt, so a changed PS1 cannot break readiness; the
# continuation prompt PS2 is restored to `> ` led by its own marker OSC 133;P;<nonce>.
# Where bash has PS0 (4.4+), every command line it reads is announced by OSC 133;C;<nonce>
# before it runs: a prompt counts as the answer to a send only when a command started
# after the send, so a prompt printed before typeahead was read is never mistaken for it.
# The nonce arrives as the first line of input (the host writes it right after the spawn):
# it never sits in the environment (nor in /proc/<pid>/environ), so programs started in the
# session never see it and their output cannot forge a marker.

# capture the status of the command before this prompt first, before anything changes it
__dsh_boot_status=$?

if [ -z "${__dsh_integrated-}" ]; then
  __dsh_integrated=1
  __dsh_nonce=
  IFS= builtin read -r __dsh_nonce
  # the integration is for this shell only: nested shells must not inherit it
  builtin export -n PROMPT_COMMAND PS1 PS2 2>/dev/null

  __dsh_ps0=
  if (( BASH_VERSINFO[0] > 4 || (BASH_VERSINFO[0] == 4 && BASH_VERSINFO[1] >= 4) )); then
    __dsh_ps0=$'\033]133;C;'"$__dsh_nonce"$'\007'
  fi

  # the continuation prompt (PS2) carries its own marker, so a send that leaves a command
  # incomplete (an open quote, a `do` without `done`) settles at once
  __dsh_ps2='\[\e]133;P;'"$__dsh_nonce"'\a\]> '

  __dsh_mark() {
    builtin printf '\033]133;D;%s;%s\007' "$1" "$__dsh_nonce"
    # readline turns bracketed paste off for TERM=dumb, again whenever TERM is reset (a
    # command run as `TERM=xterm-256color vim` restores TERM=dumb after it): on before every
    # prompt, a send written between paste brackets is inserted literally (a TAB is a TAB,
    # not completion; lines are one input)
    builtin bind 'set enable-bracketed-paste on' 2>/dev/null
    PS1='dsh> '
    PS2=$__dsh_ps2
    if [ -n "$__dsh_ps0" ]; then PS0=$__dsh_ps0; fi
  }
  __dsh_prompt_command() {
    builtin local __dsh_status=$?
    __dsh_mark "$__dsh_status"
    return "$__dsh_status"
  }

  PROMPT_COMMAND=__dsh_prompt_command
  # announce command markers before the first prompt, so they are expected from now on
  if [ -n "$__dsh_ps0" ]; then builtin printf '%s' "$__dsh_ps0"; fi
  __dsh_mark "$__dsh_boot_status"
fi
builtin unset __dsh_boot_status
