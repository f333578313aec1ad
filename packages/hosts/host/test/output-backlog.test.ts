import { PassThrough } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { backloggedOutput } from '../src/output-backlog'

function input() {
  const calls: string[] = []
  return { calls, pause: () => { calls.push('pause') }, resume: () => { calls.push('resume') } }
}

describe('backloggedOutput: a client that does not read answers stops the reading of its requests', () => {
  it('passes every chunk on at once; pauses the input past the high water; resumes it when the reader drains', async () => {
    const source = input()
    const client = new PassThrough({ highWaterMark: 16 })
    const out = backloggedOutput(source, client, 100)
    out.write('a'.repeat(60))
    expect(source.calls).toEqual([])
    out.write('b'.repeat(60))
    // 120 bytes wait for a reader that reads nothing: no more requests are read
    expect(source.calls).toEqual(['pause'])
    out.write('c'.repeat(60))
    expect(source.calls).toEqual(['pause'])
    // the client reads everything, in order: reading resumes
    const drained = new Promise((resolve) => client.once('drain', resolve))
    let seen = ''
    client.on('data', (chunk: Buffer) => { seen += chunk.toString() })
    await drained
    expect(seen).toBe(`${'a'.repeat(60)}${'b'.repeat(60)}${'c'.repeat(60)}`)
    expect(source.calls).toEqual(['pause', 'resume'])
  })

  it('does not resume an input whose writer ended', async () => {
    const source = input()
    const client = new PassThrough({ highWaterMark: 16 })
    const out = backloggedOutput(source, client, 10)
    out.write('x'.repeat(20))
    await new Promise<void>((resolve) => out.end(resolve))
    const drained = new Promise((resolve) => client.once('drain', resolve))
    client.resume()
    await drained
    expect(source.calls).toEqual(['pause'])
  })
})
