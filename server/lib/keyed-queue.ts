/**
 * Runs the work for one key after the work already queued for it, and work for different keys side by
 * side. The changes of one cart made by this process take turns, so they do not race each other to save
 * the same version and retry; another process's change still can, and its saver retries.
 */
export function createKeyedQueue() {
  const tails = new Map<string, Promise<unknown>>()
  return {
    run<T>(key: string, work: () => Promise<T>): Promise<T> {
      const before = tails.get(key) ?? Promise.resolve()
      const mine = before.then(work, work)
      const tail = mine.then(
        () => undefined,
        () => undefined,
      )
      tails.set(key, tail)
      void tail.then(() => {
        if (tails.get(key) === tail) tails.delete(key)
      })
      return mine
    },
    /** Keys with work queued or running. */
    get size() {
      return tails.size
    },
  }
}
export type KeyedQueue = ReturnType<typeof createKeyedQueue>
