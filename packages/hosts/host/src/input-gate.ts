import type { HoldableInput } from './output-backlog'

/**
 * A hold on a web-stream input (the ACP SDK reads requests from a ReadableStream): while
 * paused, chunks stop passing `stream()`, so its back-pressure reaches the underlying
 * Node stream and the client's pipe instead of piling up requests in the host.
 */
export class InputGate implements HoldableInput {
  private held: Promise<void> | undefined
  private release: () => void = () => {}

  pause(): void {
    if (this.held) return
    this.held = new Promise((resolve) => { this.release = resolve })
  }

  resume(): void {
    const release = this.release
    this.held = undefined
    this.release = () => {}
    release()
  }

  /** A pass-through that holds each chunk while the gate is paused. */
  stream<T>(): TransformStream<T, T> {
    return new TransformStream<T, T>({
      transform: async (chunk, controller) => {
        while (this.held) await this.held
        controller.enqueue(chunk)
      },
    })
  }
}
