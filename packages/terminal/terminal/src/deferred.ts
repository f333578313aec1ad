// @dsh-pure
/** A promise with its resolver (Node 20 has no Promise.withResolvers). */
export interface Deferred<T> {
  readonly promise: Promise<T>
  resolve(value: T): void
}

export function deferred<T>(): Deferred<T> {
  let resolve: (value: T) => void = () => {}
  const promise = new Promise<T>((r) => { resolve = r })
  return { promise, resolve: (value) => resolve(value) }
}
