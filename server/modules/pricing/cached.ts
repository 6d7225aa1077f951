/**
 * A value loaded at most once per `ttlMs`: concurrent callers share one load, and a failed load is not
 * kept. With a ttl of 0 every call loads.
 */
export function cached<T>(load: () => Promise<T>, ttlMs: number, clock: () => number = Date.now) {
  let current: { value: Promise<T>; at: number } | null = null
  return {
    get(): Promise<T> {
      const now = clock()
      if (current && ttlMs > 0 && now - current.at < ttlMs) return current.value
      const value = load()
      const entry = { value, at: now }
      current = entry
      value.catch(() => {
        if (current === entry) current = null
      })
      return value
    },
    clear() {
      current = null
    },
  }
}
