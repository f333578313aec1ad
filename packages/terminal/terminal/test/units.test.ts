import { describe, expect, it } from 'vitest'
import { MAX_RETAINED_CLEANUP_FAILURES, TERMINAL_ERROR_MESSAGES, TerminalBackendCleanupError, TerminalError, terminalSessionId } from '../src'
import { CleanupFailures } from '../src/cleanup-failures'
import { type Closable, startClose } from '../src/close-attempt'
import { controlled, rejection } from './stubs'

describe('close attempts', () => {
  it('a failing older attempt never clears a newer attempt', async () => {
    const first = controlled<void>()
    const target: Closable = { backend: { close: () => first.promise }, closing: undefined }
    const older = startClose(target, 'r', () => {})
    const newer = { done: new Promise<void>(() => {}) }
    target.closing = newer
    first.reject(new Error('survivors'))
    await rejection(older.done)
    expect(target.closing).toBe(newer)
  })

  it('a close that throws synchronously is a failed attempt that can be retried', async () => {
    const failure = new Error('no handle')
    const target: Closable = { backend: { close: () => { throw failure } }, closing: undefined }
    expect(await rejection(startClose(target, 'r', () => {}).done)).toBe(failure)
    expect(target.closing).toBeUndefined()
  })
})

describe('cleanup failures', () => {
  it('keeps a bounded number per owner and counts the rest', () => {
    const failures = new CleanupFailures<string>()
    for (let i = 0; i < MAX_RETAINED_CLEANUP_FAILURES + 3; i++) failures.retain('alice', new Error(`f${i}`))
    const drained = failures.drain('alice')
    expect(drained).toHaveLength(MAX_RETAINED_CLEANUP_FAILURES + 1)
    expect((drained.at(-1) as Error).message).toBe(`3 more terminal cleanup failure(s) were not retained (limit ${MAX_RETAINED_CLEANUP_FAILURES} per agent)`)
    expect(failures.has('alice')).toBe(false)
    expect(failures.drain('alice')).toEqual([])
  })
})

describe('errors', () => {
  it('every code has a default message that says what to do next', () => {
    const codes = Object.keys(TERMINAL_ERROR_MESSAGES).sort()
    expect(codes).toEqual(['DUPLICATE_BACKEND', 'DUPLICATE_NAME', 'FOREIGN_SESSION', 'NO_BACKEND', 'NO_SESSION', 'OWNER_NOT_LIVE', 'SEND_ACTIVE', 'SERVICE_DISPOSING', 'SESSION_LIMIT'])
    for (const code of codes) {
      const error = new TerminalError(code as keyof typeof TERMINAL_ERROR_MESSAGES)
      expect(error.code).toBe(code)
      expect(error.name).toBe('TerminalError')
      expect(error.message).toMatch(/; (use|unload|pick|wait|retry|close|terminal sessions can only)/)
    }
  })

  it('TerminalError keeps its cause', () => {
    const cause = new Error('inner')
    expect(new TerminalError('NO_SESSION', 'gone', { cause }).cause).toBe(cause)
  })

  it('TerminalBackendCleanupError carries both failures', () => {
    const error = new TerminalBackendCleanupError(new Error('not ready'), 'pid 9 survived')
    expect(error).toBeInstanceOf(AggregateError)
    expect(error.name).toBe('TerminalBackendCleanupError')
    expect(error.spawnError).toEqual(new Error('not ready'))
    expect(error.cleanupError).toBe('pid 9 survived')
    expect(error.errors).toEqual([error.spawnError, error.cleanupError])
    expect(error.message).toBe('terminal startup failed (not ready) and its cleanup failed too (pid 9 survived); processes may still be running, check and kill them')
  })

  it('terminalSessionId brands a string without changing it', () => {
    expect(terminalSessionId('pty-7')).toBe('pty-7')
  })
})
