import { describe, expect, it } from 'vitest'
import { isPromptShaped, LineTail, MAX_LINE_CHARS } from '../src/readiness/prompt-shape'

describe('isPromptShaped', () => {
  it('recognises the prompts of everyday REPLs and questions', () => {
    for (const line of ['dsh> ', '> ', '>>> ', '... ', '(gdb) ', '(Pdb) ', 'sqlite> ', 'In [2]: ', 'irb(main):001> ', 'Password: ', 'Overwrite? [y/N] ', '$ ', '# ', 'mysql>']) {
      expect(isPromptShaped(line), line).toBe(true)
    }
  })

  it('an empty line, output, or a long line is not a prompt', () => {
    for (const line of ['', 'await new Promise(r => setTimeout(r, 1000))', 'done', 'Loading...', '  ', `${'x'.repeat(90)}> `]) {
      expect(isPromptShaped(line), line).toBe(false)
    }
  })
})

describe('LineTail', () => {
  it('keeps the text after the last line break, across chunks, bounded', () => {
    const tail = new LineTail()
    tail.push('1+1\n2\n> ')
    expect(tail.line).toBe('> ')
    tail.push('await x')
    expect(tail.line).toBe('> await x')
    tail.push('\n')
    expect(tail.line).toBe('')
    tail.push('y'.repeat(MAX_LINE_CHARS + 10))
    expect(tail.line.length).toBe(MAX_LINE_CHARS)
  })
})

describe('LineTail interrupt echoes', () => {
  it('counts ^C echoes, also split across chunks', () => {
    const tail = new LineTail()
    tail.push('sleep 2\n^C\n')
    tail.push('dsh> ^')
    tail.push('C\ndsh> ')
    expect(tail.interruptEchoes).toBe(2)
  })
})
