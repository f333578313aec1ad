// @dsh-pure
/** A terminal screen as the emulator holds it. */
export interface ScreenState {
  readonly alternate: boolean
  /** Every row of the screen, as text. */
  readonly rows: readonly string[]
  readonly cols: number
  /** 0-based cursor position. */
  readonly cursorRow: number
  readonly cursorCol: number
}

/**
 * The marker line that heads a screen snapshot. Rows and columns are 1-based, as a
 * person counts them on the screen, and always on it.
 */
export function snapshotMarker(screen: ScreenState): string {
  // after writing the last column the emulator's cursor sits one past it (a pending wrap):
  // on the screen it is still in the last column
  const col = Math.min(screen.cursorCol, screen.cols - 1)
  return `[screen snapshot of a full-screen program (${screen.rows.length} rows x ${screen.cols} columns); cursor at row ${screen.cursorRow + 1}, column ${col + 1}]`
}

/**
 * The rendered screen as text: the marker line, then the rows with trailing blanks
 * trimmed and the blank rows at the bottom left out.
 */
export function renderSnapshot(screen: ScreenState): string {
  const rows = screen.rows.map((row) => row.trimEnd())
  let last = rows.length
  while (last > 0 && rows[last - 1] === '') last--
  return [snapshotMarker(screen), ...rows.slice(0, last)].join('\n')
}
