import { describe, expect, it } from 'vitest'
import { parseCliArgs } from '../src/cli-args'

describe('parseCliArgs', () => {
  it('defaults the composition to cordis.yml', () => {
    expect(parseCliArgs(['headless'])).toEqual({ kind: 'headless', config: 'cordis.yml' })
  })

  it('reads --config FILE and --config=FILE', () => {
    expect(parseCliArgs(['headless', '--config', 'x.yml'])).toEqual({ kind: 'headless', config: 'x.yml' })
    expect(parseCliArgs(['headless', '--config=y.yml'])).toEqual({ kind: 'headless', config: 'y.yml' })
  })

  it('answers help', () => {
    expect(parseCliArgs(['--help'])).toEqual({ kind: 'help' })
    expect(parseCliArgs(['headless', '-h'])).toEqual({ kind: 'help' })
  })

  it('names what is wrong', () => {
    const message = (argv: string[]) => {
      const r = parseCliArgs(argv)
      if (r.kind !== 'error') throw new Error(`expected an error, got ${JSON.stringify(r)}`)
      return r.message
    }
    expect(message([])).toMatch(/missing command/)
    expect(message(['serve'])).toMatch(/unknown command "serve": the only command is "headless"/)
    expect(message(['headless', '--config'])).toMatch(/--config needs a file path/)
    expect(message(['headless', '--config', '--x'])).toMatch(/--config needs a file path/)
    expect(message(['headless', '--config='])).toMatch(/--config= needs a file path/)
    expect(message(['headless', '--config', 'a', '--config', 'b'])).toMatch(/given twice/)
    expect(message(['headless', '--verbose'])).toMatch(/unknown argument "--verbose"/)
  })
})
