import { persistQueryClientRestore, persistQueryClientSave } from '@tanstack/react-query-persist-client'
import { createStore, type UseStore } from 'idb-keyval'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { QueryClient } from '@tanstack/react-query'
import { ApiError } from './api-error'
import { createPersistOptions, createQueryClient, PERSIST_MAX_AGE_MS, restoreQueryCache } from './query-client'

type PersistClient = Parameters<typeof persistQueryClientSave>[0]['queryClient']
/**
 * The persister packages pin an older query-core than react-query's; PersistQueryClientProvider hides the
 * seam in the app, these direct calls meet it.
 */
const persistable = (client: QueryClient) => client as unknown as PersistClient

let storeCount = 0
let store: UseStore

beforeEach(() => {
  store = createStore(`query-cache-test-${++storeCount}`, 'cache')
})

afterEach(() => {
  vi.useRealTimers()
})

async function saveAndRestore(
  fill: (client: QueryClient) => unknown,
  restoreOptions: { buster?: string } = {},
) {
  const before = createQueryClient()
  await fill(before)
  const options = createPersistOptions(store)
  await persistQueryClientSave({ queryClient: persistable(before), ...options })
  const after = createQueryClient()
  await persistQueryClientRestore({ queryClient: persistable(after), ...options, ...restoreOptions })
  return after
}

describe('persisted query cache', () => {
  it('brings successful queries back in a new client (a reload)', async () => {
    const product = { sku: 'A1', title: 'Холодильник', price: 349_990 }

    const after = await saveAndRestore((client) => client.setQueryData(['product', 'a1', 1], product))

    expect(after.getQueryData(['product', 'a1', 1])).toEqual(product)
  })

  it('leaves out failed queries and those marked meta.persist false', async () => {
    const after = await saveAndRestore(async (client) => {
      await client
        .fetchQuery({
          queryKey: ['menu'],
          queryFn: () => Promise.reject(new ApiError({ status: 404, code: 'not_found', messageKey: 'x' })),
        })
        .catch(() => {})
      await client.fetchQuery({ queryKey: ['cards'], queryFn: () => [{ id: 1 }], meta: { persist: false } })
      await client.fetchQuery({ queryKey: ['cities'], queryFn: () => ['almaty'] })
    })

    expect(after.getQueryCache().find({ queryKey: ['menu'] })).toBeUndefined()
    expect(after.getQueryData(['cards'])).toBeUndefined()
    expect(after.getQueryData(['cities'])).toEqual(['almaty'])
  })

  it("never writes the shopper's own data to the device", async () => {
    const after = await saveAndRestore(async (client) => {
      client.setQueryData(['account', 'profile'], { firstname: 'Айгерим' })
      client.setQueryData(['cards'], { cards: [] })
      client.setQueryData(['orders', 'history', 1], { orders: [] })
      await client.fetchQuery({ queryKey: ['viewed'], queryFn: () => [1], meta: { user: true } })
      client.setQueryData(['cities'], ['almaty'])
    })

    expect(after.getQueryData(['account', 'profile'])).toBeUndefined()
    expect(after.getQueryData(['cards'])).toBeUndefined()
    expect(after.getQueryData(['orders', 'history', 1])).toBeUndefined()
    expect(after.getQueryData(['viewed'])).toBeUndefined()
    expect(after.getQueryData(['cities'])).toEqual(['almaty'])
  })

  it('drops the cache of another build', async () => {
    const after = await saveAndRestore((client) => client.setQueryData(['cities'], ['almaty']), {
      buster: 'another-build',
    })

    expect(after.getQueryData(['cities'])).toBeUndefined()
  })

  it('drops a cache older than 7 days', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2025-03-01T10:00:00Z') })
    const options = createPersistOptions(store)
    const before = createQueryClient()
    before.setQueryData(['cities'], ['almaty'])
    await persistQueryClientSave({ queryClient: persistable(before), ...options })

    vi.setSystemTime(Date.now() + PERSIST_MAX_AGE_MS - 60_000)
    const fresh = createQueryClient()
    await persistQueryClientRestore({ queryClient: persistable(fresh), ...options })
    vi.setSystemTime(Date.now() + 2 * 60_000)
    const stale = createQueryClient()
    await persistQueryClientRestore({ queryClient: persistable(stale), ...options })

    expect(PERSIST_MAX_AGE_MS).toBe(604_800_000)
    expect(fresh.getQueryData(['cities'])).toEqual(['almaty'])
    expect(stale.getQueryData(['cities'])).toBeUndefined()
  })
})

describe('query defaults', () => {
  async function attempts(error: unknown) {
    const client = createQueryClient()
    const queryFn = vi.fn(() => Promise.reject(error))
    await client.fetchQuery({ queryKey: ['x'], queryFn, retryDelay: 0 }).catch(() => {})
    return queryFn.mock.calls.length
  }

  it('does not retry a 4xx, a refused quota aside', async () => {
    expect(await attempts(new ApiError({ status: 404, code: 'not_found', messageKey: 'x' }))).toBe(1)
    expect(await attempts(new ApiError({ status: 429, code: 'too_many_requests', messageKey: 'x' }))).toBe(3)
  })

  it('retries network failures and 5xx twice', async () => {
    expect(await attempts(new ApiError({ status: 0, code: 'network', messageKey: 'x' }))).toBe(3)
    expect(await attempts(new ApiError({ status: 503, code: 'internal', messageKey: 'x' }))).toBe(3)
  })

  it('keeps data for as long as it is stored and shows it offline', () => {
    const queries = createQueryClient().getDefaultOptions().queries
    expect(queries?.gcTime).toBe(PERSIST_MAX_AGE_MS)
    expect(queries?.networkMode).toBe('offlineFirst')
    expect(queries?.staleTime).toBe(60_000)
  })
})

describe('restoreQueryCache', () => {
  it('restores the saved cache before the app renders, then saves what changes', async () => {
    const first = createQueryClient()
    const stopFirst = await restoreQueryCache(first, createPersistOptions(store))
    first.setQueryData(['product', 'a1', 1], { sku: 'A1' })
    // the persister writes at most once a second
    await new Promise((resolve) => setTimeout(resolve, 1_200))
    stopFirst()

    const second = createQueryClient()
    const stopSecond = await restoreQueryCache(second, createPersistOptions(store))
    expect(second.getQueryData(['product', 'a1', 1])).toEqual({ sku: 'A1' })
    stopSecond()
  })

  it('writes at once when the shopper leaves the page, not a second later', async () => {
    const first = createQueryClient()
    const stopFirst = await restoreQueryCache(first, createPersistOptions(store))
    first.setQueryData(['product', 'a1', 1], { sku: 'A1' })
    // within the second after that write: the throttled one would come too late for a page being left
    first.setQueryData(['cart', 'guest-1', 1], { version: 2 })
    window.dispatchEvent(new Event('pagehide'))
    await new Promise((resolve) => setTimeout(resolve, 50))
    stopFirst()

    const second = createQueryClient()
    const stopSecond = await restoreQueryCache(second, createPersistOptions(store))
    expect(second.getQueryData(['cart', 'guest-1', 1])).toEqual({ version: 2 })
    stopSecond()
  })
})
