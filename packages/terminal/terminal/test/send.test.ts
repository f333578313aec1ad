import { afterEach, describe, expect, it } from 'vitest'
import { code, rejection, type World, world, release } from './stubs'

let w: World
afterEach(() => release(w))

const LS = { text: 'ls', submit: true } as const

describe('one send at a time', () => {
  it('startSend hands the request to the backend and forwards readOutput and cancel', async () => {
    w = await world()
    const { id, session } = await w.open(w.alice)
    const op = w.terminals.startSend(w.alice, id, LS)
    const backendOp = session.sends[0]!
    expect(backendOp.request).toBe(LS)
    backendOp.output = 'partial 42\n'
    expect(op.readOutput()).toEqual({ text: 'partial 42\n', truncated: false })
    op.cancel('stop')
    expect(backendOp.cancels).toEqual(['stop'])
    backendOp.finish()
    expect(await op.done).toEqual(expect.objectContaining({ viewport: 'ok\n', waitReason: 'stdin_read' }))
  })

  it('a second send while one is active fails with SEND_ACTIVE', async () => {
    w = await world()
    const { id, session } = await w.open(w.alice)
    const op = w.terminals.startSend(w.alice, id, LS)
    expect(() => w.terminals.startSend(w.alice, id, { text: 'pwd', submit: true })).toThrow(code('SEND_ACTIVE'))
    expect(() => w.terminals.startSend(w.alice, id, LS)).toThrow(new RegExp(`send is still running in ${id}`))
    expect(session.sends).toHaveLength(1)
    session.sends[0]!.finish()
    await op.done
  })

  it('the reservation exists before startSend returns, so a send racing a background start is refused', async () => {
    w = await world()
    const { id, session } = await w.open(w.alice)
    // What dsh-tool-terminal does for run_in_background: reserve, then register a job (async).
    const startBackground = () => {
      const op = w.terminals.startSend(w.alice, id, LS)
      return { op, jobId: Promise.resolve('job-1') }
    }
    const background = startBackground()
    expect(() => w.terminals.startSend(w.alice, id, LS)).toThrow(code('SEND_ACTIVE'))
    expect(await background.jobId).toBe('job-1')
    expect(() => w.terminals.startSend(w.alice, id, LS)).toThrow(code('SEND_ACTIVE'))
    session.sends[0]!.finish()
    await background.op.done
  })

  it('a canceled send keeps the session reserved until the backend settles it', async () => {
    w = await world()
    const { id, session } = await w.open(w.alice)
    const op = w.terminals.startSend(w.alice, id, LS)
    op.cancel()
    expect(() => w.terminals.startSend(w.alice, id, LS)).toThrow(code('SEND_ACTIVE'))
    // the error says why the session is still busy: the cancelled send is stopping its program
    expect(() => w.terminals.startSend(w.alice, id, LS)).toThrow(new RegExp(`cancelled send in ${id} is still stopping its program`))
    session.sends[0]!.finish()
    await op.done
    const next = w.terminals.startSend(w.alice, id, { text: 'pwd', submit: true })
    expect(session.sends.map((s) => s.request.text)).toEqual(['ls', 'pwd'])
    // a new send starts uncancelled: a third send hears that one is running
    expect(() => w.terminals.startSend(w.alice, id, LS)).toThrow(new RegExp(`send is still running in ${id}`))
    session.sends[1]!.finish()
    await next.done
  })

  it('a send whose caller aborted (the backend watches the signal) is reported as a cancelled send still stopping', async () => {
    w = await world()
    const { id, session } = await w.open(w.alice)
    const caller = new AbortController()
    const op = w.terminals.startSend(w.alice, id, { ...LS, signal: caller.signal })
    expect(() => w.terminals.startSend(w.alice, id, LS)).toThrow(new RegExp(`a send is still running in ${id}`))
    caller.abort(new Error('the client cancelled'))
    expect(() => w.terminals.startSend(w.alice, id, LS)).toThrow(new RegExp(`cancelled send in ${id} is still stopping its program`))
    session.sends[0]!.finish()
    await op.done
    const next = w.terminals.startSend(w.alice, id, LS)
    session.sends[1]!.finish()
    await next.done
  })

  it('a late cancel of a settled send does not mark the send that holds the session now', async () => {
    w = await world()
    const { id, session } = await w.open(w.alice)
    const first = w.terminals.startSend(w.alice, id, LS)
    session.sends[0]!.finish()
    await first.done
    const second = w.terminals.startSend(w.alice, id, { text: 'pwd', submit: true })
    first.cancel()
    expect(() => w.terminals.startSend(w.alice, id, LS)).toThrow(new RegExp(`a send is still running in ${id}`))
    session.sends[1]!.finish()
    await second.done
  })

  it('the slot frees when the send rejects', async () => {
    w = await world()
    const { id, session } = await w.open(w.alice)
    const op = w.terminals.startSend(w.alice, id, LS)
    const failure = new Error('pty write failed')
    session.sends[0]!.result.reject(failure)
    expect(await rejection(op.done)).toBe(failure)
    const next = w.terminals.startSend(w.alice, id, LS)
    session.sends[1]!.finish()
    await next.done
  })

  it('a backend send that throws frees the slot at once', async () => {
    w = await world()
    const { id, session } = await w.open(w.alice)
    const failure = new Error('session exited')
    const send = session.send.bind(session)
    session.send = () => { throw failure }
    expect(() => w.terminals.startSend(w.alice, id, LS)).toThrow(failure)
    session.send = send
    const op = w.terminals.startSend(w.alice, id, LS)
    session.sends[0]!.finish()
    await op.done
  })

  it('sends in different sessions do not block each other', async () => {
    w = await world()
    const one = await w.open(w.alice)
    const two = await w.open(w.alice)
    const a = w.terminals.startSend(w.alice, one.id, LS)
    const b = w.terminals.startSend(w.alice, two.id, LS)
    one.session.sends[0]!.finish()
    two.session.sends[0]!.finish()
    await Promise.all([a.done, b.done])
  })
})

describe('read and signal', () => {
  it('read forwards the request, and defaults to the newest page', async () => {
    w = await world()
    const { id } = await w.open(w.alice)
    expect(await w.terminals.read(w.alice, id, { offset: 7, count: 3 })).toEqual(expect.objectContaining({ text: 'page 7' }))
    expect(await w.terminals.read(w.alice, id)).toEqual(expect.objectContaining({ text: 'page 0' }))
  })

  it('signal forwards to the backend and returns its result', async () => {
    w = await world()
    const { id, session } = await w.open(w.alice)
    expect(await w.terminals.signal(w.alice, id, 'SIGTSTP')).toEqual({ delivered: true, targetPgid: 4242 })
    expect(session.signals).toEqual(['SIGTSTP'])
  })

  it('send and signal on a session being closed fail with NO_SESSION; read still works', async () => {
    w = await world()
    const { id, session } = await w.open(w.alice)
    session.closeWith = 'hold'
    const killing = w.terminals.kill(w.alice, id)
    expect(() => w.terminals.startSend(w.alice, id, LS)).toThrow(code('NO_SESSION'))
    expect(() => w.terminals.startSend(w.alice, id, LS)).toThrow(/is being closed/)
    expect(await rejection(w.terminals.signal(w.alice, id, 'SIGINT'))).toEqual(code('NO_SESSION'))
    expect(await w.terminals.read(w.alice, id)).toEqual(expect.objectContaining({ text: 'page 0' }))
    session.closes[0]!.result.resolve()
    expect(await killing).toBe(true)
  })
})
