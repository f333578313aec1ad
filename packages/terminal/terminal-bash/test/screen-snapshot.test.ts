import { describe, expect, it } from 'vitest'
import { renderSnapshot, type ScreenState, snapshotMarker } from '../src/output/screen-snapshot'

const screen = (over: Partial<ScreenState>): ScreenState => ({ alternate: true, rows: ['top  ', '', 'bottom', '', ''], cols: 10, cursorRow: 0, cursorCol: 0, ...over })

describe('screen snapshot', () => {
  it('counts rows and columns from 1, as a person does', () => {
    expect(snapshotMarker(screen({ cursorRow: 2, cursorCol: 3 }))).toBe('[screen snapshot of a full-screen program (5 rows x 10 columns); cursor at row 3, column 4]')
  })

  it('a cursor past the last column (a pending wrap, as top leaves it) is shown in the last column', () => {
    expect(snapshotMarker(screen({ cursorRow: 4, cursorCol: 10 }))).toContain('cursor at row 5, column 10]')
  })

  it('trims trailing blanks and leaves out blank rows at the bottom', () => {
    expect(renderSnapshot(screen({}))).toBe(`${snapshotMarker(screen({}))}\ntop\n\nbottom`)
  })
})
