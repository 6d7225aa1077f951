/**
 * A value loaded from the database and kept in memory: the first caller waits for the load, later
 * callers get the held value at once, and once it is older than `ttlMs` the next caller starts one
 * refresh in the background and still gets the held value (stale while revalidating). A failed refresh
 * keeps the old value; a failed first load rejects, and the next call tries again.
 */
export class Snapshot<T> {
  private value: T | undefined
  private loadedAt = 0
  private pending: Promise<T> | null = null

  constructor(
    private readonly load: () => Promise<T>,
    private readonly options: {
      ttlMs: number
      now?: () => number
      onError?: (err: unknown) => void
    },
  ) {}

  async get(): Promise<T> {
    if (this.value !== undefined) {
      if (this.now() - this.loadedAt >= this.options.ttlMs) {
        this.refresh().catch((err: unknown) => this.options.onError?.(err))
      }
      return this.value
    }
    return this.refresh()
  }

  /** The held value, without loading. */
  peek(): T | undefined {
    return this.value
  }

  /** Loads now (joining a load already running). */
  refresh(): Promise<T> {
    this.pending ??= this.load()
      .then((value) => {
        this.value = value
        this.loadedAt = this.now()
        return value
      })
      .finally(() => {
        this.pending = null
      })
    return this.pending
  }

  private now(): number {
    return this.options.now?.() ?? Date.now()
  }
}

/** Resolves with the promise, or rejects with `onTimeout()` once `ms` have passed. */
export function withBudget<T>(promise: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms)
    timer.unref()
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}
