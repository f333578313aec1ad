import { describe, expect, it } from 'vitest'
import { leadingId } from '../src/leading-id'

describe('leadingId: the id of a request line cut short', () => {
  it('reads a numeric or string id that comes before the cut', () => {
    expect(leadingId('{"id":42,"agent":"a","tool":"terminal_send","args":{"text":"xxxx')).toBe(42)
    expect(leadingId(' { "id" : "req-\\"1\\"" , "args": {"te')).toBe('req-"1"')
  })

  it('skips earlier fields of any kind, nested ones included', () => {
    expect(leadingId('{"agent":"a\\"}","args":{"a":[1,{"id":9}],"b":"}"},"n":null,"id":5,"x":"yy')).toBe(5)
  })

  it('gives null when the id is cut, absent before the cut, nested, or not a valid id', () => {
    expect(leadingId('{"args":{"text":"xxxx')).toBeNull()
    expect(leadingId('{"id":12')).toBeNull()
    expect(leadingId('{"id":"abc')).toBeNull()
    expect(leadingId('{"args":{"id":3},"tool":"t"')).toBeNull()
    expect(leadingId('{"id":1.5,"x":1')).toBeNull()
    expect(leadingId('{"id":"","x":1')).toBeNull()
    expect(leadingId(`{"id":"${'i'.repeat(257)}","x":1`)).toBeNull()
    expect(leadingId('[{"id":1},')).toBeNull()
    expect(leadingId('not json at all')).toBeNull()
  })
})
