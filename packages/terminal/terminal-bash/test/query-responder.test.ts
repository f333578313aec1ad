import { describe, expect, it } from 'vitest'
import { EMULATOR_WRITE_CHARS, QueryResponder } from '../src/session/query-responder'

describe('QueryResponder', () => {
  it('a write larger than one part is parsed whole and in order: a query at its end sees every character before it', async () => {
    const replies: string[] = []
    const responder = new QueryResponder(160, 40, (reply) => replies.push(reply))
    try {
      // a surrogate pair straddles the first part boundary; 39 lines, then 17 columns on the 40th
      const text = `${'a'.repeat(EMULATOR_WRITE_CHARS - 1)}😀\r\n${'line\r\n'.repeat(38)}${'x'.repeat(17)}`
      const parsed = responder.write(`\x1b[H${text}\x1b[6n`)
      expect(parsed).toBeInstanceOf(Promise)
      await parsed
      expect(replies).toEqual(['\x1b[40;18R'])
      const screen = await responder.screen()
      // the pair split between two parts is one character on the screen
      expect(screen?.rows.join('\n')).toContain('a😀')
      expect(screen?.rows.join('\n')).not.toContain('\uFFFD')
    } finally {
      responder.dispose()
    }
  })
})
