// @dsh-pure
import { TextQueue } from './text-queue'

/** A slice of a send's output. */
export interface OutputSlice {
  readonly text: string
  /** True when output of this slice was dropped to stay within the bound. */
  readonly truncated: boolean
}

/**
 * The output of one send: bounded by UTF-8 bytes (the newest output is kept).
 * `take()` consumes what is unread (readOutput); the viewport at settle time is the unread
 * remainder, so nothing is shown twice.
 */
export class SendOutput {
  private queue: TextQueue
  private droppedEver = false

  constructor(private readonly maxBytes: number) {
    this.queue = new TextQueue(maxBytes)
  }

  append(text: string): void {
    this.queue.append(text)
  }

  /** Output since the previous take(). */
  take(): OutputSlice {
    const truncated = this.queue.dropped
    this.droppedEver ||= truncated
    const text = this.queue.drain()
    this.queue = new TextQueue(this.maxBytes)
    return { text, truncated }
  }

  /** The unread remainder; `truncated` reports any drop during the whole send. */
  viewport(): OutputSlice {
    const slice = this.take()
    return { text: slice.text, truncated: this.droppedEver }
  }
}
