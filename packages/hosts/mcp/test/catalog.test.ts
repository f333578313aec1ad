import { describe, expect, it } from 'vitest'
import { callResult, progressMessage, refusedResult } from '../src/call-result'
import { mcpOutputSchema, mcpTool, structuredContent } from '../src/catalog'

describe('the MCP view of a tool', () => {
  it('keeps an object schema, marks a union of objects as an object, wraps anything else under result', () => {
    const object = { type: 'object', properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: false }
    expect(mcpOutputSchema(object)).toEqual(object)
    const union = { oneOf: [object, { type: 'object', properties: {} }] }
    expect(mcpOutputSchema(union)).toEqual({ ...union, type: 'object' })
    const array = { type: 'array', items: object }
    expect(mcpOutputSchema(array)).toEqual({ type: 'object', properties: { result: array }, required: ['result'], additionalProperties: false })
    expect(mcpOutputSchema({ anyOf: [object, { type: 'string' }] })).toMatchObject({ properties: { result: { anyOf: expect.any(Array) } } })
  })

  it('gives a result as structuredContent: an object as is, anything else wrapped the same way', () => {
    expect(structuredContent({ a: 1 })).toEqual({ a: 1 })
    expect(structuredContent([1, 2])).toEqual({ result: [1, 2] })
    expect(structuredContent(undefined)).toEqual({ result: null })
    expect(structuredContent('text')).toEqual({ result: 'text' })
  })

  it('lists name, title, description, schemas and annotations', () => {
    expect(mcpTool({
      name: 't',
      description: 'd',
      inputSchema: { type: 'object', properties: {} },
      outputSchema: { type: 'array' },
      annotations: { title: 'T', readOnlyHint: true },
    })).toEqual({
      name: 't',
      title: 'T',
      description: 'd',
      inputSchema: { type: 'object', properties: {} },
      outputSchema: { type: 'object', properties: { result: { type: 'array' } }, required: ['result'], additionalProperties: false },
      annotations: { title: 'T', readOnlyHint: true },
    })
    expect(mcpTool({ name: 'u', description: 'd', inputSchema: { type: 'object' } })).toEqual({ name: 'u', description: 'd', inputSchema: { type: 'object' } })
  })
})

describe('call results', () => {
  const call = { card: 'generic' as const, title: 't', kind: 'other' as const }
  it('one text block with the exact content, structuredContent on success, isError with the coded text', () => {
    expect(callResult({ callId: 'c', content: 'sum=42', isError: false, value: { sum: 42 }, call })).toEqual({ content: [{ type: 'text', text: 'sum=42' }], structuredContent: { sum: 42 } })
    expect(callResult({ callId: 'c', content: 'Error [SEND_ACTIVE]: busy', isError: true, errorCode: 'SEND_ACTIVE', call })).toEqual({ content: [{ type: 'text', text: 'Error [SEND_ACTIVE]: busy' }], isError: true })
    expect(refusedResult('TOO_MANY_CALLS', 'wait')).toEqual({ content: [{ type: 'text', text: 'Error [TOO_MANY_CALLS]: wait' }], isError: true })
  })

  it('says how long a call has run and how much it printed', () => {
    expect(progressMessage(1500, 2048)).toBe('1.5 s elapsed, 2048 output bytes so far')
    expect(progressMessage(500, undefined)).toBe('0.5 s elapsed')
  })
})
