/**
 * A value loaded once and then kept. After `ttlMs` the next caller still gets the kept copy at once and
 * one refresh starts in the background, so no caller waits for a refresh: a caller inside a transaction
 * that waited for a load on another connection could hold the last pooled connection the load needs
 * (with 6 connections and 32 carts at once, every cart change waited for ever). Without a `refresh` a
 * stale copy is loaded again in the foreground through the caller's own `load`. Concurrent first loads
 * share one; a failed load is not kept, and a failed refresh keeps the last copy. With a ttl of 0 every
 * call loads.
 */
export function cached<T>(ttlMs: number, clock: () => number = Date.now) {
  let current: { value: Promise<T>; at: number } | null = null
  let refreshing = false

  function keep(value: Promise<T>, at: number): Promise<T> {
    const entry = { value, at }
    current = entry
    value.catch(() => {
      if (current === entry) current = null
    })
    return value
  }

  return {
    get(load: () => Promise<T>, refresh?: () => Promise<T>): Promise<T> {
      const now = clock()
      if (!current || ttlMs <= 0) return keep(load(), now)
      if (now - current.at < ttlMs) return current.value
      if (!refresh) return keep(load(), now)
      if (!refreshing) {
        refreshing = true
        const fresh = refresh()
        fresh.then(
          () => {
            current = { value: fresh, at: clock() }
          },
          () => {},
        )
        void fresh.catch(() => {}).finally(() => (refreshing = false))
      }
      return current.value
    },
  }
}
