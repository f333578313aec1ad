// @dsh-pure
/** Bracketed paste: text between these is inserted literally by a program that enabled it. */
export const PASTE_START = '\u001b[200~'
export const PASTE_END = '\u001b[201~'

/** Anything but TAB, LF and CR among the C0 controls, or DEL: keys, not text. */
const KEY_INPUT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/

/**
 * The bytes a send writes. Multi-character text goes between paste brackets when the
 * foreground enabled bracketed paste (`paste`) and is not a full-screen program (`alternate`:
 * vim pastes into the buffer even in normal mode, where `:wq` is a command): bash's readline
 * then inserts it literally (a TAB stays a TAB instead of completing, a multi-line command or
 * heredoc becomes one input) and Enter runs it. Text holding other control characters or
 * ESC is keys (`^C`, an arrow, an ESC sequence) and is written as given.
 */
export function sendBytes(text: string, submit: boolean, enter: string, screen: { readonly paste: boolean; readonly alternate: boolean } | undefined): string {
  const bracket = screen?.paste === true && !screen.alternate && [...text].length > 1 && !KEY_INPUT.test(text)
  const body = bracket ? PASTE_START + text + PASTE_END : text
  return submit ? body + enter : body
}
