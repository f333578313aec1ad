import { describe, expect, it } from 'vitest'
import { NonceEcho } from '../src/shell/nonce-echo'

const NONCE = '0123456789abcdef0123456789abcdef'

function run(chunks: readonly string[]): { out: string; done: boolean } {
  const echo = new NonceEcho(NONCE)
  const out = chunks.map((c) => echo.push(c)).join('')
  return { out, done: echo.done }
}

describe('NonceEcho', () => {
  it('removes the echoed handover line and passes the rest', () => {
    expect(run([`${NONCE}\r\nmotd\r\ndsh> `])).toEqual({ out: 'motd\r\ndsh> ', done: true })
    expect(run([`banner\r\n${NONCE}\nx`])).toEqual({ out: 'banner\r\nx', done: true })
  })

  it('handles the nonce and its line end split across chunks', () => {
    expect(run(['01234', `${NONCE.slice(5, 20)}`, `${NONCE.slice(20)}\r`, '\nafter'])).toEqual({ out: 'after', done: true })
    expect(run(['ab0', `${NONCE.slice(1)}`, 'rest'])).toEqual({ out: 'abrest', done: true })
  })

  it('holds back only a tail that could start the nonce', () => {
    const echo = new NonceEcho(NONCE)
    expect(echo.push('hello 0123')).toBe('hello ')
    expect(echo.push('x')).toBe('0123x')
    expect(echo.done).toBe(false)
  })

  it('removes only the first occurrence; later output passes unchanged', () => {
    expect(run([`${NONCE}\r\n`, `${NONCE}\r\n`]).out).toBe(`${NONCE}\r\n`)
  })

  it('end() gives up and returns what was held', () => {
    const echo = new NonceEcho(NONCE)
    expect(echo.push('dsh> 0')).toBe('dsh> ')
    expect(echo.end()).toBe('0')
    expect(echo.push(NONCE)).toBe(NONCE)
  })
})
