/**
 * Gathers work items that arrive while earlier batches are running into one batch, so a busy process
 * sends one statement for many items where it would send one per item. An item that arrives while
 * fewer than `maxInFlight` batches run goes at once, alone: batching adds no wait when the process is
 * idle, and under load the batches grow by themselves.
 *
 * When a batch of several fails, each of its items is run again alone, so one bad item fails only
 * itself.
 */
export interface BatcherOptions<I, O> {
  /** Runs a batch; answers one result per item, in the items' order. */
  run(items: I[]): Promise<O[]>
  /** Batches running at once. */
  maxInFlight: number
  /** Items in one batch at most. */
  maxItems: number
}

interface Waiting<I, O> {
  item: I
  resolve(value: O): void
  reject(err: unknown): void
}

export function createBatcher<I, O>({ run, maxInFlight, maxItems }: BatcherOptions<I, O>) {
  const queue: Waiting<I, O>[] = []
  let inFlight = 0

  async function runAlone(entry: Waiting<I, O>): Promise<void> {
    try {
      const [result] = await run([entry.item])
      entry.resolve(result as O)
    } catch (err) {
      entry.reject(err)
    }
  }

  async function runBatch(batch: Waiting<I, O>[]): Promise<void> {
    try {
      const results = await run(batch.map((w) => w.item))
      batch.forEach((w, i) => w.resolve(results[i] as O))
    } catch (err) {
      if (batch.length === 1) batch[0]!.reject(err)
      else for (const entry of batch) await runAlone(entry)
    }
  }

  function pump(): void {
    while (inFlight < maxInFlight && queue.length > 0) {
      const batch = queue.splice(0, maxItems)
      inFlight++
      void runBatch(batch).finally(() => {
        inFlight--
        pump()
      })
    }
  }

  return {
    submit(item: I): Promise<O> {
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject })
        pump()
      })
    },
    /** Batches running now and items waiting for one. */
    get load() {
      return { inFlight, waiting: queue.length }
    },
  }
}
export type Batcher<I, O> = ReturnType<typeof createBatcher<I, O>>
