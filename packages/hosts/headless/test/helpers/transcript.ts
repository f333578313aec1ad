import type { HeadlessProcess, Message } from './headless-process'
import { normalize } from './normalize'

/** One scripted request: a tool call or an op, without its id (ids are numbered in order). */
export type Step = Message | string

export interface Turn {
  readonly request: Step
  readonly answer: Message
}

/**
 * Send the steps one at a time (each waits for its answer), as a model would, and return the
 * turns. A string step is sent as a raw line (for malformed input) and answered with id null.
 */
export async function runTranscript(host: HeadlessProcess, steps: readonly Step[]): Promise<Turn[]> {
  const turns: Turn[] = []
  for (const step of steps) {
    if (typeof step === 'string') {
      const before = host.messages.length
      host.send(step)
      const answer = await host.until(`the answer to ${JSON.stringify(step)}`, () => host.messages.slice(before).find((m) => 'ok' in m && m.id === null))
      turns.push({ request: step, answer })
      continue
    }
    const request = { id: host.nextId(), ...step }
    host.send(request)
    turns.push({ request: step, answer: await host.response(request.id) })
  }
  return turns
}

/** The turns as pinned in a snapshot: normalised, without the ids. */
export function pinned(turns: readonly Turn[]): unknown[] {
  return turns.map(({ request, answer }) => {
    const { id: _id, ...rest } = answer
    return normalize({ request, answer: rest })
  })
}
