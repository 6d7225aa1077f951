import { QueryClient } from '@tanstack/react-query'
import { act, renderHook } from '@testing-library/react'
import { createStore, keys, set, type UseStore } from 'idb-keyval'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from './api-error'
import { clearTokens } from './auth-tokens'
import { createOutbox, type Outbox, type OutboxOptions } from './outbox'
import type { EnqueueInput, OutboxEvent, OutboxItem } from './outbox-item'
import { outboxMutation } from './outbox-mutation'
import { OUTBOX_SYNC_TAG } from './outbox-protocol'
import { nextMutationNumber } from './device'
import { errorAnswer, fakeFetch, json, networkDown, type FakeHandler } from '../testing/fake-fetch'
import { useOutboxItems } from './use-outbox-items'
import { assertOnline } from './assert-online'

let storeCount = 0
let store: UseStore
let online: boolean
const stops: (() => void)[] = []

let deviceStore: UseStore

function makeOutbox(options: OutboxOptions = {}): Outbox {
  return createOutbox({
    store,
    isOnline: () => online,
    lockName: `outbox-${storeCount}`,
    numberMutation: () => nextMutationNumber(deviceStore),
    ...options,
  })
}

const addToCart = (sku: string, extra: Partial<EnqueueInput> = {}): EnqueueInput => ({
  kind: 'cart.add',
  method: 'POST',
  path: '/cart/api/v3/carts/c1/items',
  body: { sku, quantity: 1 },
  ...extra,
})

function record(outbox: Outbox) {
  const events: { id: string; state: string }[] = []
  stops.push(
    outbox.subscribe((event: OutboxEvent) => {
      if (event.type === 'item') events.push({ id: event.item.id, state: event.state })
    }),
  )
  return events
}

const idle = (outbox: Outbox) => outbox.replay()
const bodySkus = (calls: { body: unknown }[]) => calls.map((c) => (c.body as { sku: string }).sku)

beforeEach(() => {
  storeCount++
  store = createStore(`outbox-test-${storeCount}`, 'items')
  deviceStore = createStore(`outbox-device-${storeCount}`, 'atoms')
  online = true
  clearTokens()
})

afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('sending', () => {
  it('sends a change at once when online, with its idempotency key, and forgets it when done', async () => {
    const { calls } = fakeFetch(() => json(200, { cart_id: 'c1', lines: 1 }))
    const outbox = makeOutbox()

    const { outcome, persisted } = outbox.enqueue(addToCart('A1'))

    await expect(outcome).resolves.toEqual({ status: 'done', result: { cart_id: 'c1', lines: 1 } })
    await persisted
    await idle(outbox)
    expect(calls).toHaveLength(1)
    expect(calls[0]?.method).toBe('POST')
    expect(calls[0]?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/)
    expect(outbox.getItems()).toEqual([])
    expect(await keys(store)).toEqual([])
  })

  it('keeps a change made offline in IndexedDB, and a reloaded page sends it with the same key', async () => {
    online = false
    const { calls } = fakeFetch(() => json(200, {}))
    const before = makeOutbox()
    const { id, persisted } = before.enqueue(addToCart('A1'))
    await persisted
    const key = before.getItems()[0]?.idempotencyKey

    const after = makeOutbox()
    await after.ready()
    expect(after.getItems()).toEqual([expect.objectContaining({ id, status: 'pending', idempotencyKey: key })])
    expect(calls).toHaveLength(0)

    online = true
    await after.replay()

    expect(calls).toHaveLength(1)
    expect(calls[0]?.headers.get('idempotency-key')).toBe(key)
    expect(after.getItems()).toEqual([])
    expect(await keys(store)).toEqual([])
  })

  it('sends pending changes strictly in the order they were made, one at a time', async () => {
    online = false
    let inFlight = 0
    let mostInFlight = 0
    const { calls } = fakeFetch(async () => {
      mostInFlight = Math.max(mostInFlight, ++inFlight)
      await new Promise((resolve) => setTimeout(resolve, 5))
      inFlight--
      return json(200, {})
    })
    const outbox = makeOutbox()
    for (const sku of ['A1', 'B2', 'C3', 'D4']) outbox.enqueue(addToCart(sku))

    online = true
    await outbox.replay()

    expect(bodySkus(calls)).toEqual(['A1', 'B2', 'C3', 'D4'])
    expect(mostInFlight).toBe(1)
  })

  it('shows each status to a subscriber: pending, sending, back to pending on failure, sending, done', async () => {
    let answers = [() => errorAnswer(503, 'internal', 'errors:somethingWentWrong'), () => json(200, {})]
    fakeFetch(() => {
      const [next, ...rest] = answers
      answers = rest
      return (next ?? networkDown)()
    })
    const outbox = makeOutbox()
    const events = record(outbox)

    const { id } = outbox.enqueue(addToCart('A1'))
    await idle(outbox)
    const waiting = outbox.getItems()[0]
    await outbox.replay({ force: true })

    expect(events).toEqual([
      { id, state: 'pending' },
      { id, state: 'sending' },
      { id, state: 'pending' },
      { id, state: 'sending' },
      { id, state: 'done' },
    ])
    expect(waiting).toMatchObject({ attempts: 1, error: { status: 503 } })
  })
})

describe('retries', () => {
  it('retries network failures, timeouts and 5xx with the same idempotency key', async () => {
    const failures: FakeHandler[] = [
      networkDown,
      () => errorAnswer(502, 'bad_gateway', 'errors:tryLater'),
      () => errorAnswer(429, 'too_many_requests', 'errors:tryLater'),
      () => errorAnswer(408, 'timeout', 'errors:tryLater'),
    ]
    const { calls } = fakeFetch((call) => (failures.shift() ?? (() => json(200, {})))(call))
    const outbox = makeOutbox({ backoff: { baseMs: 1, maxMs: 1 } })

    const { outcome } = outbox.enqueue(addToCart('A1'))

    await expect(outcome).resolves.toMatchObject({ status: 'done' })
    expect(calls).toHaveLength(5)
    expect(new Set(calls.map((c) => c.headers.get('idempotency-key'))).size).toBe(1)
  })

  it('waits out the backoff before the next automatic attempt', async () => {
    // fake-indexeddb runs on setImmediate, which must stay real.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    let fail = true
    const { calls } = fakeFetch(() => (fail ? networkDown() : json(200, {})))
    const outbox = makeOutbox({ backoff: { baseMs: 1_000, maxMs: 1_000 } })

    const { outcome } = outbox.enqueue(addToCart('A1'))
    await vi.advanceTimersByTimeAsync(0)
    await idle(outbox)
    expect(calls).toHaveLength(1)
    fail = false

    await outbox.replay()
    expect(calls).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1_200)

    await expect(outcome).resolves.toMatchObject({ status: 'done' })
    expect(calls).toHaveLength(2)
  })

  it('holds later changes back while the first one waits to be retried', async () => {
    const { calls } = fakeFetch((call) => ((call.body as { sku: string }).sku === 'A1' ? networkDown() : json(200, {})))
    const outbox = makeOutbox()

    outbox.enqueue(addToCart('A1'))
    outbox.enqueue(addToCart('B2'))
    await idle(outbox)

    expect(bodySkus(calls)).toEqual(['A1'])
    expect(outbox.getItems().map((i) => i.status)).toEqual(['pending', 'pending'])
  })

  it('marks a 4xx as failed for good, does not send it again, and goes on with the next change', async () => {
    const { calls } = fakeFetch((call) =>
      (call.body as { sku: string }).sku === 'A1'
        ? errorAnswer(409, 'conflict', 'cart:availableInTotal', { available: 1 })
        : json(200, {}),
    )
    const outbox = makeOutbox()

    const first = outbox.enqueue(addToCart('A1'))
    const second = outbox.enqueue(addToCart('B2'))
    const outcome = await first.outcome
    await second.outcome
    await outbox.replay({ force: true })

    expect(outcome.status).toBe('failed')
    expect(outcome.status === 'failed' && outcome.error).toBeInstanceOf(ApiError)
    expect(outcome).toMatchObject({ error: { status: 409, messageKey: 'cart:availableInTotal' } })
    expect(bodySkus(calls)).toEqual(['A1', 'B2'])
    expect(outbox.getItems()).toEqual([
      expect.objectContaining({ id: first.id, status: 'failed', error: expect.objectContaining({ status: 409 }) }),
    ])
  })

  it('sends a failed change again on retry, under a fresh idempotency key', async () => {
    let refuse = true
    const { calls } = fakeFetch(() => (refuse ? errorAnswer(422, 'unprocessable', 'errors:tryLater') : json(200, {})))
    const outbox = makeOutbox()
    const { id, outcome } = outbox.enqueue(addToCart('A1'))
    await outcome

    refuse = false
    expect(outbox.retry(id)).toBe(true)
    await idle(outbox)

    expect(calls).toHaveLength(2)
    expect(calls[1]?.headers.get('idempotency-key')).not.toBe(calls[0]?.headers.get('idempotency-key'))
    expect(outbox.getItems()).toEqual([])
  })

  it('sends a change again that a closed tab left marked as sending', async () => {
    const { calls } = fakeFetch(() => json(200, {}))
    const orphan: OutboxItem = {
      ...addToCart('A1'),
      id: 'orphan',
      idempotencyKey: 'key-orphan',
      status: 'sending',
      createdAt: 1,
      seq: 0,
      attempts: 0,
      nextAttemptAt: 0,
    }
    await set(orphan.id, orphan, store)

    await makeOutbox().replay()

    expect(calls.map((c) => c.headers.get('idempotency-key'))).toEqual(['key-orphan'])
  })
})

describe('queue management', () => {
  it('replaces a pending change with a newer one of the same dedupe key', async () => {
    online = false
    const { calls } = fakeFetch(() => json(200, { quantity: 3 }))
    const outbox = makeOutbox()
    const setQuantity = (quantity: number): EnqueueInput => ({
      kind: 'cart.quantity',
      method: 'PUT',
      path: '/cart/api/v3/carts/c1/items/A1',
      body: { quantity },
      dedupeKey: 'cart.quantity:A1',
    })

    const older = outbox.enqueue(setQuantity(2))
    const newer = outbox.enqueue(setQuantity(3))
    expect(outbox.getItems()).toHaveLength(1)
    online = true
    await outbox.replay()

    expect(calls.map((c) => c.body)).toEqual([{ quantity: 3 }])
    await expect(older.outcome).resolves.toEqual({ status: 'done', result: { quantity: 3 } })
    await expect(newer.outcome).resolves.toEqual({ status: 'done', result: { quantity: 3 } })
  })

  it('discards a waiting change: gone from the queue and from IndexedDB', async () => {
    online = false
    const outbox = makeOutbox()
    const { id, outcome, persisted } = outbox.enqueue(addToCart('A1'))
    await persisted

    expect(outbox.discard(id)).toBe(true)

    await expect(outcome).resolves.toEqual({ status: 'discarded' })
    await idle(outbox)
    expect(outbox.getItems()).toEqual([])
    await vi.waitFor(async () => expect(await keys(store)).toEqual([]))
  })

  it('lets only one tab replay at a time, so each change is sent once', async () => {
    online = false
    const { calls } = fakeFetch(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5))
      return json(200, {})
    })
    const held = new Map<string, Promise<void>>()
    const locks = {
      request: vi.fn(async (name: string, task: () => Promise<void>) => {
        const previous = held.get(name) ?? Promise.resolve()
        const mine = previous.then(task)
        held.set(
          name,
          mine.catch(() => {}),
        )
        return mine
      }),
    }
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { locks }))
    const tabA = makeOutbox()
    const tabB = makeOutbox()
    const items = ['A1', 'B2', 'C3'].map((sku) => tabA.enqueue(addToCart(sku)))
    await Promise.all(items.map((i) => i.persisted))

    online = true
    await Promise.all([tabA.replay(), tabB.replay()])

    expect(locks.request).toHaveBeenCalledTimes(2)
    expect(bodySkus(calls)).toEqual(['A1', 'B2', 'C3'])
    expect(await keys(store)).toEqual([])
  })
})

describe('optimistic changes', () => {
  function cartClient() {
    const queryClient = new QueryClient()
    queryClient.setQueryData(['cart', 'c1'], { lines: ['A1'] })
    const invalidated = vi.spyOn(queryClient, 'invalidateQueries')
    const addB2 = {
      ...addToCart('B2'),
      invalidate: [['cart', 'c1']],
      apply: (qc: QueryClient) => qc.setQueryData(['cart', 'c1'], { lines: ['A1', 'B2'] }),
      rollback: (qc: QueryClient) => qc.setQueryData(['cart', 'c1'], { lines: ['A1'] }),
    }
    return { queryClient, invalidated, addB2 }
  }

  it('shows the change at once and keeps it when the server accepts it', async () => {
    online = false
    fakeFetch(() => json(200, { lines: ['A1', 'B2'] }))
    const { queryClient, invalidated, addB2 } = cartClient()
    const onSuccess = vi.fn()
    const outbox = makeOutbox()

    const { outcome } = outboxMutation(queryClient, { ...addB2, onSuccess }, outbox)
    expect(queryClient.getQueryData(['cart', 'c1'])).toEqual({ lines: ['A1', 'B2'] })

    online = true
    await outbox.replay()
    await outcome

    expect(queryClient.getQueryData(['cart', 'c1'])).toEqual({ lines: ['A1', 'B2'] })
    expect(onSuccess).toHaveBeenCalledWith({ lines: ['A1', 'B2'] }, queryClient)
    expect(invalidated).toHaveBeenCalledWith({ queryKey: ['cart', 'c1'] })
  })

  it('rolls the change back and refetches when the server refuses it', async () => {
    fakeFetch(() => errorAnswer(409, 'conflict', 'cart:availableInTotal'))
    const { queryClient, invalidated, addB2 } = cartClient()
    const outbox = makeOutbox()
    const seen: unknown[] = []
    stops.push(queryClient.getQueryCache().subscribe(() => seen.push(queryClient.getQueryData(['cart', 'c1']))))

    const { outcome } = outboxMutation(queryClient, addB2, outbox)
    await outcome

    expect(seen).toContainEqual({ lines: ['A1', 'B2'] })
    expect(queryClient.getQueryData(['cart', 'c1'])).toEqual({ lines: ['A1'] })
    expect(invalidated).toHaveBeenCalledWith({ queryKey: ['cart', 'c1'] })
  })

  it('rolls the change back when the shopper discards it', async () => {
    online = false
    const { queryClient, addB2 } = cartClient()
    const outbox = makeOutbox()

    const { id } = outboxMutation(queryClient, addB2, outbox)
    outbox.discard(id)

    expect(queryClient.getQueryData(['cart', 'c1'])).toEqual({ lines: ['A1'] })
  })

  it('still refetches the stored query keys after a reload has lost the callbacks', async () => {
    online = false
    fakeFetch(() => json(200, {}))
    const { queryClient, addB2 } = cartClient()
    const { persisted } = outboxMutation(queryClient, addB2, makeOutbox())
    await persisted

    const reloadedClient = new QueryClient()
    const invalidated = vi.spyOn(reloadedClient, 'invalidateQueries')
    const reloaded = makeOutbox({ queryClient: reloadedClient })
    online = true
    await reloaded.replay()

    expect(invalidated).toHaveBeenCalledWith({ queryKey: ['cart', 'c1'] })
  })
})

describe('replay triggers', () => {
  it('replays when the browser comes back online', async () => {
    online = false
    const { calls } = fakeFetch(() => json(200, {}))
    const outbox = makeOutbox()
    stops.push(outbox.start())
    const { outcome } = outbox.enqueue(addToCart('A1'))
    await outbox.ready()
    expect(calls).toHaveLength(0)

    online = true
    window.dispatchEvent(new Event('online'))

    await expect(outcome).resolves.toMatchObject({ status: 'done' })
    expect(calls).toHaveLength(1)
  })

  it('replays what a previous page left on start', async () => {
    online = false
    fakeFetch(() => json(200, {}))
    const { persisted } = makeOutbox().enqueue(addToCart('A1'))
    await persisted

    online = true
    const { calls } = fakeFetch(() => json(200, {}))
    const reloaded = makeOutbox()
    stops.push(reloaded.start())

    await vi.waitFor(() => expect(calls).toHaveLength(1))
  })

  it('registers Background Sync when a change is made offline', async () => {
    const register = vi.fn(() => Promise.resolve())
    const serviceWorker = Object.assign(new EventTarget(), { ready: Promise.resolve({ sync: { register } }) })
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { serviceWorker }))
    online = false
    fakeFetch(() => json(200, {}))
    const outbox = makeOutbox()
    stops.push(outbox.start())

    outbox.enqueue(addToCart('A1'))
    await vi.waitFor(() => expect(register).toHaveBeenCalledWith(OUTBOX_SYNC_TAG))
  })

})

describe('useOutboxItems', () => {
  it('shows queued changes as they come and go, filtered by the caller', async () => {
    online = false
    fakeFetch(() => json(200, {}))
    const outbox = makeOutbox()
    const onlyCart = (item: OutboxItem) => item.kind.startsWith('cart.')
    const { result } = renderHook(() => useOutboxItems(onlyCart, outbox))
    expect(result.current).toEqual([])

    act(() => {
      outbox.enqueue(addToCart('A1'))
      outbox.enqueue({ kind: 'wishlist.add', method: 'POST', path: '/wishlist/api/v1/items', body: { sku: 'A1' } })
    })
    expect(result.current).toEqual([expect.objectContaining({ kind: 'cart.add', status: 'pending' })])

    online = true
    await act(() => outbox.replay())
    expect(result.current).toEqual([])
  })
})

describe('assertOnline', () => {
  it('refuses checkout offline with a clear message, and lets it through online', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    expect(assertOnline).toThrow(ApiError)
    try {
      assertOnline()
    } catch (error) {
      expect(error).toMatchObject({ status: 0, code: 'offline', messageKey: 'errors:offlineCheckout' })
    }

    onLine.mockReturnValue(true)
    expect(assertOnline).not.toThrow()
  })
})

describe("the device's change numbers", () => {
  const numbers = (calls: { headers: Headers }[]) =>
    calls.map((c) => [c.headers.get('x-device-id'), Number(c.headers.get('x-mutation-seq'))] as const)

  it('numbers changes in the order they are sent, one device id, and keeps a number across retries', async () => {
    let failFirst = true
    const { calls } = fakeFetch(() => {
      if (!failFirst) return json(200, {})
      failFirst = false
      return errorAnswer(500, 'internal', 'errors:somethingWentWrong')
    })
    const outbox = makeOutbox({ backoff: { baseMs: 1, maxMs: 1 } })
    online = false
    const first = outbox.enqueue(addToCart('A1'))
    const second = outbox.enqueue(addToCart('B2'))
    online = true
    await outbox.replay()

    await expect(first.outcome).resolves.toMatchObject({ status: 'done' })
    await expect(second.outcome).resolves.toMatchObject({ status: 'done' })
    // the 500 was sent again with its number and key; the next change waited for it and came after
    expect(bodySkus(calls)).toEqual(['A1', 'A1', 'B2'])
    const sent = numbers(calls)
    expect(new Set(sent.map(([device]) => device)).size).toBe(1)
    expect(sent[0]![0]).toMatch(/^[0-9a-f-]{36}$/)
    expect(sent.map(([, seq]) => seq)).toEqual([1, 1, 2])
    expect(calls[0]!.headers.get('idempotency-key')).toBe(calls[1]!.headers.get('idempotency-key'))
  })

  it('gives a refused change sent again by the shopper a new key and a new number', async () => {
    let refuse = true
    const { calls } = fakeFetch(() =>
      refuse ? errorAnswer(409, 'conflict', 'cart:notEnough', { count: 0 }) : json(200, {}),
    )
    const outbox = makeOutbox()
    const { id, outcome } = outbox.enqueue(addToCart('A1'))
    await expect(outcome).resolves.toMatchObject({ status: 'failed' })
    expect(outbox.getItems()[0]).toMatchObject({ status: 'failed', error: { status: 409, details: { count: 0 } } })

    refuse = false
    expect(outbox.retry(id)).toBe(true)
    await vi.waitFor(() => expect(outbox.getItems()).toEqual([]))
    expect(numbers(calls).map(([, seq]) => seq)).toEqual([1, 2])
    expect(calls[0]!.headers.get('idempotency-key')).not.toBe(calls[1]!.headers.get('idempotency-key'))
  })

  it('sends the language the shopper had when making the change', async () => {
    const { setRequestContext } = await import('./request-context')
    online = false
    const { calls } = fakeFetch(() => json(200, {}))
    const outbox = makeOutbox()
    setRequestContext({ lang: 'kk' })
    outbox.enqueue(addToCart('A1'))
    setRequestContext({ lang: 'ru' })
    online = true
    await outbox.replay()
    expect(calls[0]!.headers.get('accept-language')).toBe('kk')
  })

})

describe('a change the service worker sent for the page', () => {
  it('settles on the page that made it, after its own attempt failed with a 5xx', async () => {
    online = false
    let answers = 0
    fakeFetch(() => (answers++ === 0 ? errorAnswer(500, 'internal', 'errors:internal') : json(200, { ok: true })))
    const page = makeOutbox()
    const worker = makeOutbox({ announce: true })
    const events = record(page)
    const { id, outcome, persisted } = page.enqueue(addToCart('A1'))
    await persisted

    online = true
    await page.replay({ force: true })
    expect(page.getItems()).toEqual([expect.objectContaining({ id, status: 'pending' })])

    await worker.replay({ force: true })
    expect(await keys(store)).toEqual([])
    await page.replay()

    await expect(outcome).resolves.toMatchObject({ status: 'done' })
    expect(page.getItems()).toEqual([])
    expect(events.at(-1)).toEqual({ id, state: 'done' })
  })

  it('settles on an open page that heard the worker take it and then finish it', async () => {
    online = false
    let release = () => {}
    const answered = new Promise<void>((resolve) => (release = resolve))
    fakeFetch(async () => {
      await answered
      return json(200, { ok: true })
    })
    const page = makeOutbox()
    stops.push(page.start())
    const worker = makeOutbox({ announce: true })
    const events = record(page)
    const { id, outcome, persisted } = page.enqueue(addToCart('A1'))
    await persisted
    await page.ready()

    online = true
    const sent = worker.replay({ force: true })
    // the page hears the worker's 'sending' and takes it in, while the worker's request is on its way
    await vi.waitFor(() => expect(page.getItems()).toEqual([expect.objectContaining({ id, status: 'sending' })]))
    release()
    await sent

    await vi.waitFor(() => expect(page.getItems()).toEqual([]))
    await expect(outcome).resolves.toMatchObject({ status: 'done' })
    expect(events.at(-1)).toEqual({ id, state: 'done' })
  })

  it('lists a change the worker sent and the server refused, on an open page', async () => {
    online = false
    fakeFetch(() => errorAnswer(409, 'out_of_stock', 'cart:outOfStock'))
    const page = makeOutbox()
    stops.push(page.start())
    const worker = makeOutbox({ announce: true })
    const { id, outcome, persisted } = page.enqueue(addToCart('A1'))
    await persisted
    await page.ready()

    online = true
    await worker.replay({ force: true })

    await expect(outcome).resolves.toMatchObject({ status: 'failed' })
    await vi.waitFor(() =>
      expect(page.getItems()).toEqual([expect.objectContaining({ id, status: 'failed' })]),
    )
  })
})
