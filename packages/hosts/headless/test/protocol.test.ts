import { describe, expect, it } from 'vitest'
import { encodeLine, idKey, MAX_NAME_LENGTH, messageOfErrorContent, parseRequest, type Request } from '../src/protocol'

function request(line: string): Request {
  const parsed = parseRequest(line)
  if (!parsed.ok) throw new Error(`expected a request, got ${JSON.stringify(parsed.response)}`)
  return parsed.request
}

function badMessage(line: string): { id: unknown, message: string } {
  const parsed = parseRequest(line)
  if (parsed.ok) throw new Error(`expected BAD_REQUEST, got ${JSON.stringify(parsed.request)}`)
  const r = parsed.response
  if (r.ok) throw new Error('a bad request must fail')
  expect(r.error.code).toBe('BAD_REQUEST')
  return { id: r.id, message: r.error.message }
}

describe('parseRequest: valid requests', () => {
  it('reads a tool call, defaulting args to {}', () => {
    expect(request('{"id":1,"agent":"a","tool":"terminal_open","args":{"type":"shell"}}'))
      .toEqual({ kind: 'tool', id: 1, agent: 'a', tool: 'terminal_open', args: { type: 'shell' } })
    expect(request('{"id":"x","agent":"a","tool":"job_list"}')).toEqual({ kind: 'tool', id: 'x', agent: 'a', tool: 'job_list', args: {} })
  })

  it('reads every op', () => {
    expect(request('{"id":2,"op":"cancel","target":1}')).toEqual({ kind: 'cancel', id: 2, target: 1 })
    expect(request('{"id":3,"op":"tools","agent":"a"}')).toEqual({ kind: 'tools', id: 3, agent: 'a' })
    expect(request('{"id":4,"op":"prompt","agent":"a"}')).toEqual({ kind: 'prompt', id: 4, agent: 'a' })
    expect(request('{"id":4,"op":"prompt"}')).toEqual({ kind: 'prompt', id: 4 })
    expect(request('{"id":5,"op":"sandbox-mode","agent":"a","mode":"read-only"}')).toEqual({ kind: 'sandbox-mode', id: 5, agent: 'a', mode: 'read-only' })
    expect(request('{"id":6,"op":"dispose-agent","agent":"a"}')).toEqual({ kind: 'dispose-agent', id: 6, agent: 'a' })
    expect(request('{"id":7,"op":"shutdown"}')).toEqual({ kind: 'shutdown', id: 7 })
  })

  it('accepts CRLF-free padding around the object', () => {
    expect(request('  {"id":7,"op":"shutdown"}  ')).toEqual({ kind: 'shutdown', id: 7 })
  })
})

describe('parseRequest: bad requests name what is wrong', () => {
  it('rejects a line that is not JSON, with no id', () => {
    const { id, message } = badMessage('{"id":1,')
    expect(id).toBeNull()
    expect(message).toMatch(/not valid JSON/)
    expect(message).toMatch(/one JSON object per line/)
  })

  it('rejects non-objects', () => {
    expect(badMessage('[1,2]').message).toMatch(/must be a JSON object, got an array/)
    expect(badMessage('42').message).toMatch(/must be a JSON object, got number 42/)
  })

  it('rejects a missing or invalid id', () => {
    expect(badMessage('{"op":"tools","agent":"a"}').message).toMatch(/"id" must be an integer or a non-empty string of at most 256 characters \(got nothing\)/)
    expect(badMessage('{"id":1.5,"op":"shutdown"}').message).toMatch(/got number 1.5/)
    expect(badMessage('{"id":"","op":"shutdown"}').message).toMatch(/"id"/)
  })

  it('keeps the id on a bad request that has one', () => {
    const { id, message } = badMessage('{"id":9,"op":"teleport"}')
    expect(id).toBe(9)
    expect(message).toMatch(/unknown "op" "teleport"; known: cancel, tools, prompt, sandbox-mode, dispose-agent, shutdown/)
  })

  it('rejects a request with neither tool nor op, or both', () => {
    expect(badMessage('{"id":1,"agent":"a"}').message).toMatch(/needs "tool" \(a tool call\) or "op"/)
    expect(badMessage('{"id":1,"op":"tools","tool":"x","agent":"a"}').message).toMatch(/either "tool" .* or "op", not both/)
  })

  it('rejects tool calls without an agent or with non-object args', () => {
    expect(badMessage('{"id":1,"tool":"job_list"}').message).toMatch(/needs the initiating agent: "agent" must be a non-empty string \(got nothing\)/)
    expect(badMessage('{"id":1,"tool":"job_list","agent":""}').message).toMatch(/"agent" must be a non-empty string/)
    expect(badMessage('{"id":1,"tool":"job_list","agent":"a","args":[1]}').message).toMatch(/"args" must be a JSON object .* \(got an array\)/)
    expect(badMessage('{"id":1,"tool":7,"agent":"a"}').message).toMatch(/"tool" must be a non-empty string \(got number 7\)/)
  })

  it('bounds names', () => {
    const long = 'x'.repeat(MAX_NAME_LENGTH + 1)
    expect(badMessage(`{"id":1,"op":"tools","agent":"${long}"}`).message).toMatch(/longer than 256 characters/)
  })

  it('rejects ops missing their fields', () => {
    expect(badMessage('{"id":1,"op":"cancel"}').message).toMatch(/"cancel" needs "target"/)
    expect(badMessage('{"id":1,"op":"tools"}').message).toMatch(/"tools" needs an agent/)
    expect(badMessage('{"id":1,"op":"dispose-agent","agent":3}').message).toMatch(/"dispose-agent" needs an agent/)
    expect(badMessage('{"id":1,"op":"sandbox-mode","agent":"a"}').message).toMatch(/"sandbox-mode" needs "mode": read-only, workspace-write or danger-full-access/)
    expect(badMessage('{"id":1,"op":"prompt","agent":""}').message).toMatch(/"prompt": "agent" must be a non-empty string/)
  })
})

describe('helpers', () => {
  it('keys numeric and string ids apart', () => {
    expect(idKey(1)).not.toBe(idKey('1'))
    expect(idKey('a')).toBe(idKey('a'))
  })

  it('encodes one compact line', () => {
    expect(encodeLine({ id: 1, ok: true, result: { a: 'x\ny' } })).toBe('{"id":1,"ok":true,"result":{"a":"x\\ny"}}\n')
  })

  it('strips the code prefix of a tool error text for the message', () => {
    expect(messageOfErrorContent('Error [SEND_ACTIVE]: busy', 'SEND_ACTIVE')).toBe('busy')
    expect(messageOfErrorContent('Error: plain', 'TOOL_FAILED')).toBe('plain')
    expect(messageOfErrorContent('odd text', 'X')).toBe('odd text')
  })
})
