import { Writable } from 'node:stream'

/**
 * Output bytes a stdio front may have buffered for a client that is not reading before it
 * stops reading that client's requests. Past it, answers would pile up in the host's memory
 * without bound (a client that writes requests and never reads the answers).
 */
export const OUTPUT_HIGH_WATER_BYTES = 4 * 1024 * 1024

/** What a front reads requests from: its reading can be held. */
export interface HoldableInput {
  pause(): unknown
  resume(): unknown
}

/**
 * A Writable for a protocol library to write answers to: every chunk goes to `output` at
 * once, and while `output` holds more than `highWater` bytes its reader has not taken,
 * `input` is paused (no new requests are read) until `output` drains. Requests already
 * read still run and answer, so memory stays bounded by what was read before the pause.
 */
export function backloggedOutput(input: HoldableInput, output: Writable, highWater = OUTPUT_HIGH_WATER_BYTES): Writable {
  let holding = false
  let ended = false
  const release = () => {
    holding = false
    if (!ended) input.resume()
  }
  return new Writable({
    write(chunk: Buffer | string, encoding: BufferEncoding, callback: (error?: Error | null) => void) {
      if (output.writableEnded || output.destroyed) return callback()
      output.write(chunk, encoding)
      if (!holding && output.writableLength > highWater) {
        holding = true
        input.pause()
        output.once('drain', release)
      }
      callback()
    },
    final(callback: (error?: Error | null) => void) {
      ended = true
      callback()
    },
  })
}
