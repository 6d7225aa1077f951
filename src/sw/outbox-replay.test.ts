import { createStore, keys, type UseStore } from 'idb-keyval'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { nextMutationNumber } from '../data/device'
import { createOutbox, type Outbox, type OutboxOptions } from '../data/outbox'
import type { EnqueueInput } from '../data/outbox-item'
import { fakeFetch, json, networkDown } from '../testing/fake-fetch'
import { replayOutboxInWorker } from './outbox-replay'

let storeCount = 0
let store: UseStore
let deviceStore: UseStore
let online: boolean

function makeOutbox(options: OutboxOptions = {}): Outbox {
  return createOutbox({
    store,
    isOnline: () => online,
    lockName: `worker-outbox-${storeCount}`,
    numberMutation: () => nextMutationNumber(deviceStore),
    ...options,
  })
}

const addToCart = (sku: string): EnqueueInput => ({
  kind: 'cart.add',
  method: 'POST',
  path: '/cart/api/v3/carts/c1/items',
  body: { sku, quantity: 1 },
})
const bodySkus = (calls: { body: unknown }[]) => calls.map((c) => (c.body as { sku: string }).sku)
const numbers = (calls: { headers: Headers }[]) =>
  calls.map((c) => [c.headers.get('x-device-id'), Number(c.headers.get('x-mutation-seq'))] as const)

beforeEach(() => {
  storeCount++
  store = createStore(`worker-outbox-test-${storeCount}`, 'items')
  deviceStore = createStore(`worker-outbox-device-${storeCount}`, 'atoms')
  online = true
})

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe("the service worker's replay (Background Sync)", () => {
  it('sends what a closed page left in the queue, with no window to ask', async () => {
    online = false
    fakeFetch(() => json(200, {}))
    const { persisted } = makeOutbox().enqueue(addToCart('A1'))
    await persisted

    online = true
    const { calls } = fakeFetch(() => json(200, {}))
    await replayOutboxInWorker(false, makeOutbox({ announce: true }))
    expect(bodySkus(calls)).toEqual(['A1'])
    expect(numbers(calls)[0]![1]).toBe(1)
    expect(await keys(store)).toEqual([])
  })

  it("settles on the browser's last chance even though changes still wait, for the next window to send", async () => {
    fakeFetch(networkDown)
    const outbox = makeOutbox()
    outbox.enqueue(addToCart('A1'))
    await expect(replayOutboxInWorker(true, outbox)).resolves.toBeUndefined()
    expect(await keys(store)).toHaveLength(1)
  })

  it('rejects a replay for Background Sync while changes still wait, so the browser tries again', async () => {
    fakeFetch(networkDown)
    const outbox = makeOutbox()
    outbox.enqueue(addToCart('A1'))

    await expect(replayOutboxInWorker(false, outbox)).rejects.toThrow(/still wait/)
    fakeFetch(() => json(200, {}))
    await expect(replayOutboxInWorker(false, outbox)).resolves.toBeUndefined()
  })

  it('never sends a change twice when a window and the service worker replay the one queue at once', async () => {
    // Web Locks as the browser has them: one holder of a name at a time, the others queue.
    const held = new Map<string, Promise<unknown>>()
    const locks = {
      request: (name: string, task: () => Promise<unknown>) => {
        const run = (held.get(name) ?? Promise.resolve()).then(task, task)
        held.set(
          name,
          run.catch(() => undefined),
        )
        return run
      },
    }
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { locks }))
    online = false
    const { calls } = fakeFetch(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5))
      return json(200, {})
    })
    const page = makeOutbox()
    for (const sku of ['A1', 'B2', 'C3']) page.enqueue(addToCart(sku))
    await page.ready()
    online = true
    const worker = makeOutbox({ announce: true })
    await Promise.all([page.replay(), replayOutboxInWorker(false, worker), page.replay({ force: true })])

    expect(bodySkus(calls)).toEqual(['A1', 'B2', 'C3'])
    expect(numbers(calls).map(([, seq]) => seq)).toEqual([1, 2, 3])
    expect(await keys(store)).toEqual([])
  })
})
